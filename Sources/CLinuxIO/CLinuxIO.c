#define _GNU_SOURCE
#include <fcntl.h>
#include <errno.h>
#include <sys/random.h>
#include <unistd.h>
#include "CLinuxIO.h"

ssize_t pb_copy_file_range(int fd_in, int fd_out, size_t length) {
  return copy_file_range(fd_in, NULL, fd_out, NULL, length, 0);
}

ssize_t pb_splice(int fd_in, int fd_out, size_t length) {
  return splice(fd_in, NULL, fd_out, NULL, length, SPLICE_F_MOVE | SPLICE_F_MORE);
}

ssize_t pb_getrandom(void *buffer, size_t length) {
  size_t filled = 0;
  while (filled < length) {
    ssize_t result = getrandom((char *)buffer + filled, length - filled, 0);
    if (result > 0) {
      filled += (size_t)result;
    } else if (result < 0 && errno != EINTR) {
      break;
    }
  }
  return (ssize_t)filled;
}
