// Directories: opening below one without leaving it, emptying one with calls safe in a
// signal handler, and the *at calls glibc hides.
#include "internal.h"

// MARK: Confined opening

int pb_openat_retrying(int directory_fd, const char *name, int flags, mode_t mode) {
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
    int next = last ? pb_openat_retrying(current, component, flags | O_NOFOLLOW | O_CLOEXEC, mode)
                    : pb_openat_retrying(current, component, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
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
  int listing = pb_openat_retrying(directory_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
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
