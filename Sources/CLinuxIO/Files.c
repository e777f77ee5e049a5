// Files: kernel copies between descriptors, in-memory files, pipes, syncfs.
#include "internal.h"
#include <sys/ioctl.h>

ssize_t pb_copy_file_range(int fd_in, int fd_out, size_t length) {
  return copy_file_range(fd_in, NULL, fd_out, NULL, length, 0);
}

ssize_t pb_splice(int fd_in, int fd_out, size_t length) {
  return splice(fd_in, NULL, fd_out, NULL, length, SPLICE_F_MOVE | SPLICE_F_MORE);
}

int pb_memory_file(const char *name) {
  return memfd_create(name, MFD_CLOEXEC);
}

int pb_pipe(int ends[2]) {
  return pipe2(ends, O_CLOEXEC);
}

int pb_syncfs(int fd) { return syncfs(fd); }

int pb_pipe_unread(int fd) {
  int count = 0;
  return ioctl(fd, FIONREAD, &count) == -1 ? -1 : count;
}

int pb_set_pipe_capacity(int fd, int bytes) { return fcntl(fd, F_SETPIPE_SZ, bytes); }
