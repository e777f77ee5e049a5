// inotify: waiting for a store's folders to change.
#include "internal.h"

int pb_inotify_init(void) {
  return inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
}

int pb_inotify_watch(int inotify_fd, int directory_fd) {
  unsigned int mask = IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB;
  // inotify takes a path; this one is the already opened (and checked) directory itself.
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", directory_fd);
  return inotify_add_watch(inotify_fd, path, mask | IN_ONLYDIR);
}

void pb_inotify_close_detached(int inotify_fd) {
  int gate[2];
  if (pipe2(gate, O_CLOEXEC) < 0) {
    close(inotify_fd);
    return;
  }
  pid_t child = fork();
  if (child == 0) {
    // Keep only the instance and the gate, whose other end closes when the parent exits.
    int instance = fcntl(inotify_fd, F_DUPFD_CLOEXEC, 10);
    int wait_end = fcntl(gate[0], F_DUPFD_CLOEXEC, 10);
    if (instance < 0 || wait_end < 0 || dup2(instance, 0) < 0 || dup2(wait_end, 1) < 0) _exit(1);
    pb_close_from(2);
    char byte;
    while (read(1, &byte, 1) < 0 && errno == EINTR) {}
    _exit(0);
  }
  close(gate[0]);
  close(inotify_fd);  // not the last reference while the child lives
  if (child < 0) close(gate[1]);
  // gate[1] stays open until this process exits.
}

int pb_inotify_wait(int inotify_fd, int timeout_ms) {
  struct pollfd request = {.fd = inotify_fd, .events = POLLIN};
  int ready;
  do ready = poll(&request, 1, timeout_ms); while (ready < 0 && errno == EINTR);
  if (ready <= 0) return ready;
  char buffer[4096] __attribute__((aligned(8)));
  ssize_t count;
  do count = read(inotify_fd, buffer, sizeof buffer); while (count > 0 || (count < 0 && errno == EINTR));
  return 1;
}
