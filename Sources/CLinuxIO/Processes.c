// Processes pb starts: detached ones, with only the descriptors they are given.
#include "internal.h"

void pb_close_from(int lowest) {
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
    pb_close_from(5);
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

// A started program gets the default handling of every signal and blocks none, whatever
// pb set for itself; `flags` are added (POSIX_SPAWN_SETSID).
static void default_signals(posix_spawnattr_t *attributes, short flags) {
  sigset_t defaults;
  sigfillset(&defaults);
  posix_spawnattr_setsigdefault(attributes, &defaults);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(attributes, &none);
  posix_spawnattr_setflags(attributes, flags | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
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
    default_signals(&attributes, POSIX_SPAWN_SETSID);
    extern char **environ;
    result = posix_spawn(pid, path, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  for (int index = 0; index < made; index++) close(moved[index]);
  return result;
}

// The child of pb_spawn_with_streams when it must end with pb: between fork and exec
// only async-signal-safe calls. Reports a failure's errno on `report` and exits.
static void start_bound_child(pid_t parent, const char *path, char *const argv[], char *const envp[], const int moved[3],
                              int report) {
  int failure = 0;
  // Asked first, then checked: a parent that died before the ask is not signalled.
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) failure = errno;
  else if (getppid() != parent) failure = ESRCH;
  if (failure == 0) {
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    for (int number = 1; number < NSIG; number++) sigaction(number, &standard, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int index = 0; index < 3; index++)
      if (dup2(moved[index], index) < 0) failure = errno;
  }
  if (failure == 0) {
    // No descriptor of pb's stays open but the report, which exec closes.
    for (int fd = 3; fd < report; fd++) close(fd);
    pb_close_from(report + 1);
    execve(path, argv, envp);
    failure = errno;
  }
  ssize_t written;
  do written = write(report, &failure, sizeof failure); while (written < 0 && errno == EINTR);
  _exit(127);
}

int pb_spawn_streams(const char *path, char *const argv[], char *const envp[], int input, int output, int error,
                     int ends_with_parent, pid_t *pid) {
  // Like pb_spawn_detached, the three ends first move above 2, so that no dup2 below
  // overwrites one still to be moved.
  int ends[3] = {input, output, error};
  int moved[3] = {-1, -1, -1};
  int result = 0;
  for (int index = 0; index < 3 && result == 0; index++) {
    moved[index] = fcntl(ends[index], F_DUPFD_CLOEXEC, 3);
    if (moved[index] < 0) result = errno;
  }
  if (result == 0 && ends_with_parent) {
    int report[2];
    pid_t parent = getpid();
    if (pipe2(report, O_CLOEXEC) < 0) {
      result = errno;
    } else {
      pid_t child = fork();
      if (child == 0) start_bound_child(parent, path, argv, envp, moved, report[1]);
      close(report[1]);
      if (child < 0) {
        result = errno;
      } else {
        // Nothing read: exec closed the pipe, the program runs.
        int failure = 0;
        ssize_t count;
        do count = read(report[0], &failure, sizeof failure); while (count < 0 && errno == EINTR);
        if (count == sizeof failure) {
          while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
          result = failure != 0 ? failure : EIO;
        } else {
          *pid = child;
        }
      }
      close(report[0]);
    }
  } else if (result == 0) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    for (int index = 0; index < 3; index++) posix_spawn_file_actions_adddup2(&actions, moved[index], index);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    // pb ignores SIGPIPE for itself; the program gets the default of every signal.
    default_signals(&attributes, 0);
    result = posix_spawnp(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  for (int index = 0; index < 3; index++)
    if (moved[index] >= 0) close(moved[index]);
  return result;
}
