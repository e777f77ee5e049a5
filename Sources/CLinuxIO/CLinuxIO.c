#define _GNU_SOURCE
#include <fcntl.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <linux/openat2.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/inotify.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/random.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <spawn.h>
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

// MARK: Confined opening

static int openat_retrying(int directory_fd, const char *name, int flags, mode_t mode) {
  int fd;
  do fd = openat(directory_fd, name, flags, mode); while (fd < 0 && errno == EINTR);
  return fd;
}

/// The fallback for kernels before 5.6: one component at a time, none of them a link,
/// none of them "..", so the walk cannot leave `directory_fd`.
static int open_walking(int directory_fd, const char *path, int flags, mode_t mode) {
  if (path[0] == '/') { errno = EXDEV; return -1; }
  char component[NAME_MAX + 1];
  int current = directory_fd;
  const char *rest = path;
  for (;;) {
    const char *slash = strchr(rest, '/');
    size_t length = slash ? (size_t)(slash - rest) : strlen(rest);
    int failure = 0;
    if (length == 0) failure = ENOENT;
    else if (length > NAME_MAX) failure = ENAMETOOLONG;
    else {
      memcpy(component, rest, length);
      component[length] = 0;
      if (strcmp(component, "..") == 0) failure = EXDEV;
    }
    if (failure) {
      if (current != directory_fd) close(current);
      errno = failure;
      return -1;
    }
    int last = slash == NULL;
    int next = last ? openat_retrying(current, component, flags | O_NOFOLLOW | O_CLOEXEC, mode)
                    : openat_retrying(current, component, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
    int code = errno;
    if (next < 0 && code == ENOTDIR) {
      // O_PATH | O_NOFOLLOW on a link opens the link, which then is no directory.
      struct stat status;
      if (fstatat(current, component, &status, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(status.st_mode)) code = ELOOP;
    }
    if (current != directory_fd) close(current);
    if (next < 0 || last) {
      errno = code;
      return next;
    }
    current = next;
    rest = slash + 1;
  }
}

int pb_open_beneath(int directory_fd, const char *path, int flags, mode_t mode) {
  static int openat2_missing = 0;
  if (!openat2_missing) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(flags | O_CLOEXEC);
    how.mode = (flags & O_CREAT) == O_CREAT || (flags & O_TMPFILE) == O_TMPFILE ? mode : 0;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    long fd;
    do fd = syscall(SYS_openat2, directory_fd, path, &how, sizeof how); while (fd < 0 && errno == EINTR);
    // Containers whose seccomp filter predates openat2 answer EPERM instead of ENOSYS.
    if (fd >= 0 || (errno != ENOSYS && errno != EPERM)) return (int)fd;
    openat2_missing = 1;
  }
  return open_walking(directory_fd, path, flags, mode);
}

// MARK: Emptying a directory

void pb_empty_directory(int directory_fd) {
  // A listing of our own: a dup would share (and move) the caller's offset.
  int listing = openat_retrying(directory_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (listing < 0) return;
  char buffer[8192] __attribute__((aligned(16)));
  for (;;) {
    ssize_t count = getdents64(listing, buffer, sizeof buffer);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) break;
    for (ssize_t offset = 0; offset < count;) {
      struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
      const char *name = entry->d_name;
      if (!(name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))) unlinkat(directory_fd, name, 0);
      offset += entry->d_reclen;
    }
  }
  close(listing);
}

static void close_from(int lowest) {
  if (syscall(SYS_close_range, (unsigned)lowest, ~0U, 0) == 0) return;
  // Kernels before 5.9: close each descriptor the limit allows.
  struct rlimit limit;
  long highest = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY ? (long)limit.rlim_cur : 65536;
  if (highest > 1 << 20) highest = 1 << 20;
  for (long fd = lowest; fd < highest; fd++) close((int)fd);
}

int pb_empty_directory_in_background(int directory_fd) {
  int started[2];
  if (pipe2(started, O_CLOEXEC) < 0) return -1;
  pid_t child = fork();
  if (child < 0) {
    close(started[0]);
    close(started[1]);
    return -1;
  }
  if (child == 0) {
    // The middle process only forks and exits, so the emptier is nobody's child to
    // wait for; if that fork fails, the pipe closes without the byte that says started.
    close(started[0]);
    if (fork() != 0) _exit(0);
    setsid();
    int directory = fcntl(directory_fd, F_DUPFD_CLOEXEC, 10);
    int report = fcntl(started[1], F_DUPFD_CLOEXEC, 10);
    if (directory < 0 || report < 0) _exit(1);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
      dup2(null, 0);
      dup2(null, 1);
      dup2(null, 2);
    }
    // Nothing else the parent had open stays open here: its board lock above all, which
    // would otherwise be held until the last file is gone.
    if (dup2(directory, 3) < 0 || dup2(report, 4) < 0) _exit(1);
    close_from(5);
    char byte = 1;
    ssize_t written;
    do written = write(4, &byte, 1); while (written < 0 && errno == EINTR);
    close(4);
    pb_empty_directory(3);
    _exit(0);
  }
  close(started[1]);
  char byte = 0;
  ssize_t count;
  do count = read(started[0], &byte, 1); while (count < 0 && errno == EINTR);
  close(started[0]);
  // With SIGCHLD ignored the child reaps itself and waitpid answers ECHILD: nothing to do.
  while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
  return count == 1 ? 0 : -1;
}

// MARK: Interrupted writers

// One handler for SIGINT, SIGTERM and SIGHUP undoes what an interrupted pb leaves
// behind (a scratch folder, a progress line on the terminal), then dies of the signal.
// It is installed while either needs it.
static const int guarded_signals[] = {SIGINT, SIGTERM, SIGHUP};
enum { guarded_count = sizeof guarded_signals / sizeof guarded_signals[0] };
static struct sigaction previous_actions[guarded_count];
static int installed[guarded_count];
static int guard_users = 0;
static volatile sig_atomic_t guard_active = 0;
static volatile sig_atomic_t progress_line_shown = 0;
static int guard_parent = -1;
static int guard_folder = -1;
static char guard_name[NAME_MAX + 1];

static void clean_up_and_die(int signal_number) {
  if (progress_line_shown) {
    progress_line_shown = 0;
    static const char erase[] = "\r\033[K";
    ssize_t ignored = write(STDERR_FILENO, erase, sizeof erase - 1);
    (void)ignored;
  }
  if (guard_active) {
    guard_active = 0;
    pb_empty_directory(guard_folder);
    unlinkat(guard_parent, guard_name, AT_REMOVEDIR);
  }
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal_number, &fallback, NULL);
  // Delivered with the default action once this handler returns.
  raise(signal_number);
}

static void install_guard(void) {
  if (guard_users++ > 0) return;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = clean_up_and_die;
  sigemptyset(&action.sa_mask);
  for (int other = 0; other < guarded_count; other++) sigaddset(&action.sa_mask, guarded_signals[other]);
  for (int index = 0; index < guarded_count; index++) {
    installed[index] = 0;
    if (sigaction(guarded_signals[index], NULL, &previous_actions[index]) != 0) continue;
    if (previous_actions[index].sa_handler == SIG_IGN) continue;  // nohup and background jobs keep ignoring
    if (sigaction(guarded_signals[index], &action, NULL) == 0) installed[index] = 1;
  }
}

static void release_guard(void) {
  if (guard_users == 0 || --guard_users > 0) return;
  for (int index = 0; index < guarded_count; index++) {
    if (installed[index]) sigaction(guarded_signals[index], &previous_actions[index], NULL);
    installed[index] = 0;
  }
}

int pb_guard_scratch_folder(int parent_fd, const char *name, int folder_fd) {
  size_t length = strlen(name);
  if (length > NAME_MAX) return -1;
  int was_active = guard_active;
  memcpy(guard_name, name, length + 1);
  guard_parent = parent_fd;
  guard_folder = folder_fd;
  guard_active = 1;
  if (!was_active) install_guard();
  return 0;
}

void pb_release_scratch_folder(void) {
  if (!guard_active) return;
  guard_active = 0;
  release_guard();
}

void pb_progress_line_shown(int shown) {
  if (shown == progress_line_shown) return;
  progress_line_shown = shown;
  if (shown) install_guard(); else release_guard();
}

// MARK: Renames and notifications

int pb_rename_noreplace(int old_directory_fd, const char *old_name, int new_directory_fd, const char *new_name) {
  return renameat2(old_directory_fd, old_name, new_directory_fd, new_name, RENAME_NOREPLACE);
}

ssize_t pb_getdents64(int directory_fd, void *buffer, size_t size) {
  return getdents64(directory_fd, buffer, size);
}

int pb_open_unnamed(int directory_fd, mode_t mode) {
  return pb_open_beneath(directory_fd, ".", O_TMPFILE | O_RDWR, mode);
}

int pb_link_unnamed(int fd, int directory_fd, const char *name) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  return linkat(AT_FDCWD, path, directory_fd, name, AT_SYMLINK_FOLLOW);
}

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
    close_from(2);
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

static const int interrupt_signals[] = {SIGINT, SIGQUIT};
static struct sigaction interrupt_actions[2];
static int interrupt_saved[2];

void pb_ignore_interrupts(sigset_t *defaults) {
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  for (int index = 0; index < 2; index++) {
    interrupt_saved[index] = sigaction(interrupt_signals[index], &ignore, &interrupt_actions[index]) == 0;
    if (interrupt_saved[index] && interrupt_actions[index].sa_handler != SIG_IGN) sigaddset(defaults, interrupt_signals[index]);
  }
}

void pb_restore_interrupts(void) {
  for (int index = 0; index < 2; index++) {
    if (interrupt_saved[index]) sigaction(interrupt_signals[index], &interrupt_actions[index], NULL);
    interrupt_saved[index] = 0;
  }
}

int pb_spawn_detached(const char *path, char *const argv[], const int *fds, int count, pid_t *pid) {
  if (count < 0 || count > 200) return EINVAL;
  // Each descriptor first moves above the range it goes to, so that no dup2 below
  // overwrites one still to be moved.
  int moved[200];
  int result = 0;
  int made = 0;
  for (; made < count; made++) {
    moved[made] = fcntl(fds[made], F_DUPFD_CLOEXEC, 3 + count);
    if (moved[made] < 0) {
      result = errno;
      break;
    }
  }
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  if (result == 0) {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    for (int index = 0; index < count; index++) posix_spawn_file_actions_adddup2(&actions, moved[index], 3 + index);
    // Descriptors pb itself inherited without close-on-exec (a caller's pipe) must not
    // stay open for the life of the new process.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3 + count);
    posix_spawn_file_actions_addchdir_np(&actions, "/");
    sigset_t defaults;
    sigfillset(&defaults);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    extern char **environ;
    result = posix_spawn(pid, path, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  for (int index = 0; index < made; index++) close(moved[index]);
  return result;
}

int pb_memory_file(const char *name) {
  return memfd_create(name, MFD_CLOEXEC);
}

int pb_pipe(int ends[2]) {
  return pipe2(ends, O_CLOEXEC);
}

int pb_connect_unix(const char *path) {
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(address.sun_path, path);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int result;
  do {
    result = connect(fd, (struct sockaddr *)&address, sizeof address);
  } while (result < 0 && errno == EINTR);
  if (result < 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

ssize_t pb_send_with_fds(int socket_fd, const void *data, size_t length, const int *fds, int count) {
  struct iovec vector = {(void *)data, length};
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &vector;
  message.msg_iovlen = 1;
  char control[CMSG_SPACE(sizeof(int) * 28)];
  if (count > 28) {
    errno = EINVAL;
    return -1;
  }
  if (count > 0) {
    memset(control, 0, sizeof control);
    message.msg_control = control;
    message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * count);
    memcpy(CMSG_DATA(header), fds, sizeof(int) * count);
  }
  ssize_t sent;
  do {
    sent = sendmsg(socket_fd, &message, MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  return sent;
}

ssize_t pb_receive_with_fds(int socket_fd, void *buffer, size_t length, int *fds, int *count) {
  struct iovec vector = {buffer, length};
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &vector;
  message.msg_iovlen = 1;
  char control[CMSG_SPACE(sizeof(int) * 28)];
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t received;
  do {
    received = recvmsg(socket_fd, &message, MSG_CMSG_CLOEXEC);
  } while (received < 0 && errno == EINTR);
  int capacity = *count;
  *count = 0;
  if (received < 0) return received;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    int carried = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    int *passed = (int *)CMSG_DATA(header);
    for (int index = 0; index < carried; index++) {
      if (*count < capacity) {
        fds[(*count)++] = passed[index];
      } else {
        close(passed[index]);
      }
    }
  }
  return received;
}

int pb_syncfs(int fd) { return syncfs(fd); }
