#define _GNU_SOURCE
#include <fcntl.h>
#include <dirent.h>
#include <errno.h>
#include <sys/wait.h>
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

int pb_empty_directory_in_background(int directory_fd) {
  pid_t child = fork();
  if (child < 0) return -1;
  if (child > 0) {
    // The child only forks again and exits, so this wait is short and leaves no zombie.
    int status;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
  }
  if (fork() != 0) _exit(0);
  // The grandchild: no terminal, no inherited pipes that a caller might wait on.
  setsid();
  int null = open("/dev/null", O_RDWR);
  if (null >= 0) {
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    if (null > 2) close(null);
  }
  // Nothing else the parent had open stays open here: its board lock above all, which
  // would otherwise be held until the last file is gone.
  if (directory_fd != 3 && dup2(directory_fd, 3) < 0) _exit(1);
  close_range(4, ~0U, 0);
  directory_fd = 3;
  int listing = dup(directory_fd);
  DIR *directory = listing < 0 ? NULL : fdopendir(listing);
  if (directory == NULL) _exit(1);
  struct dirent *entry;
  while ((entry = readdir(directory)) != NULL) {
    if (entry->d_name[0] == '.' && (entry->d_name[1] == 0 || (entry->d_name[1] == '.' && entry->d_name[2] == 0))) continue;
    unlinkat(directory_fd, entry->d_name, 0);
  }
  _exit(0);
}
