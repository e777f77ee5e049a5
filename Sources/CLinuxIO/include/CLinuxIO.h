// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module
// does not define, and the few pieces that must be async-signal-safe C.
#ifndef CLINUXIO_H
#define CLINUXIO_H

#include <signal.h>
#include <sys/types.h>

ssize_t pb_copy_file_range(int fd_in, int fd_out, size_t length);
ssize_t pb_splice(int fd_in, int fd_out, size_t length);
/// How many bytes the pipe `fd` holds unread (FIONREAD); -1 with errno.
int pb_pipe_unread(int fd);
/// Asks for the pipe `fd` to hold `bytes` (F_SETPIPE_SZ); the capacity it has, or -1 with errno.
int pb_set_pipe_capacity(int fd, int bytes);
/// syncfs: waits until everything written to the filesystem `fd` is on is on disk.
int pb_syncfs(int fd);
/// Fills `buffer` with random bytes, retrying interruptions; returns the count filled.
ssize_t pb_getrandom(void *buffer, size_t length);

/// Opens `path` below the directory `directory_fd` without ever leaving it or passing
/// through a symbolic link or a magic link: openat2 with RESOLVE_BENEATH |
/// RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS, or, on kernels without openat2, a walk
/// that opens one component at a time with O_NOFOLLOW. O_CLOEXEC is always added.
/// Returns the descriptor, or -1 with errno set (ELOOP for a link, EXDEV for a path
/// that would leave the directory).
int pb_open_beneath(int directory_fd, const char *path, int flags, mode_t mode);

/// Removes every file in the directory `directory_fd` from a detached process, so the
/// caller does not wait while the kernel frees their blocks. Returns 0 once that process
/// is known to have started, -1 if it could not be (the caller then removes the files).
int pb_empty_directory_in_background(int directory_fd);

/// Removes every file of the directory `directory_fd` (not recursively) with
/// getdents64 and unlinkat only, so that it is safe in a signal handler or after fork.
void pb_empty_directory(int directory_fd);

/// Guards a writer's scratch folder `name` inside the directory `parent_fd`, opened as
/// `folder_fd`: on SIGINT, SIGTERM or SIGHUP its files and the folder are removed and
/// the signal is raised again with its default action, so the shell sees the usual
/// status (130, 143, 129). A signal that was ignored when the guard was set stays
/// ignored. One guard at a time; returns 0, or -1 if the name is too long.
int pb_guard_scratch_folder(int parent_fd, const char *name, int folder_fd);
/// Lifts the guard (the folder was committed or removed) and restores the handlers.
void pb_release_scratch_folder(void);
/// Says whether a progress line is on standard error: while one is, SIGINT, SIGTERM and
/// SIGHUP erase it before the process dies of them, as they remove a scratch folder.
void pb_progress_line_shown(int shown);

/// Ignores SIGINT and SIGQUIT while a child runs (as system() does), keeping their
/// previous actions; adds to `defaults` those the child should get back as default
/// (the ones pb was not already ignoring).
void pb_ignore_interrupts(sigset_t *defaults);
/// Puts back what pb_ignore_interrupts replaced.
void pb_restore_interrupts(void);

/// Guards a read-only mapping kept for the process's life against its file being
/// truncated in place: a read past the new end reads zeros (the whole mapping is zeroed)
/// instead of killing the process with SIGBUS, and pb_damaged_mappings counts it. Up to
/// four mappings; returns 0, or -1 when it cannot guard this one.
int pb_guard_mapping(void *start, size_t size);
/// Stops guarding the mapping at `start` (before it is unmapped).
void pb_unguard_mapping(void *start);
/// How many guarded mappings were zeroed so far.
int pb_damaged_mappings(void);

/// From now on, a process that dies of SIGSEGV, SIGABRT, SIGILL or SIGTRAP while it
/// cannot have 256 MiB more address space (ulimit -v: the Swift runtime aborts on an
/// allocation it cannot make) writes `message` (a line, at most 512 bytes) to standard
/// error and exits with `status`; any other such death is left as it was. Exits so at
/// once when not even 16 MiB more can be had. Returns 0, or -1 when the handler cannot
/// be installed. Does nothing where the address space has no limit (RLIMIT_AS).
int pb_report_out_of_memory(const char *message, int status);

/// Once pb_report_out_of_memory has been called: writes its message and exits with its
/// status when `size` more bytes of address space cannot be had now.
void pb_exit_unless_available(size_t size);

/// renameat2 with RENAME_NOREPLACE: fails with EEXIST instead of replacing a name.
int pb_rename_noreplace(int old_directory_fd, const char *old_name, int new_directory_fd, const char *new_name);

/// Reads directory entries (struct linux_dirent64 records) into `buffer`; 0 at the end.
ssize_t pb_getdents64(int directory_fd, void *buffer, size_t size);

/// Opens a new unnamed file (O_TMPFILE) for reading and writing in the directory
/// `directory_fd`, through `pb_open_beneath`. Fails with EOPNOTSUPP (or EISDIR on old
/// kernels) where the filesystem has none.
int pb_open_unnamed(int directory_fd, mode_t mode);

/// Gives the unnamed file `fd` (opened with O_TMPFILE) the name `name` in the directory
/// `directory_fd`: linkat through /proc/self/fd, which, unlike AT_EMPTY_PATH, needs no
/// privilege. Fails with EEXIST if the name is taken; ENOENT without /proc.
int pb_link_unnamed(int fd, int directory_fd, const char *name);

/// A non-blocking inotify instance.
int pb_inotify_init(void);
/// Watches an open directory for names appearing, vanishing or being renamed, and for
/// the directory itself going away; returns the watch descriptor or -1.
int pb_inotify_watch(int inotify_fd, int directory_fd);
/// Waits up to `timeout_ms` (-1: forever) for events and drains them; returns 1 when
/// there were events, 0 on timeout, -1 on error.
int pb_inotify_wait(int inotify_fd, int timeout_ms);
/// Closes an inotify instance without waiting for the kernel to tear its watches down
/// (a grace period of 3 to 15 ms, which would also delay this process's exit): a
/// forked child holding nothing else takes the last reference and drops it once this
/// process has exited. Falls back to a plain close.
void pb_inotify_close_detached(int inotify_fd);

/// Starts `path` with `argv` as a process of its own session, away from pb's terminal
/// and output: standard input, output and error on /dev/null, the working directory
/// `/`, default signal handling, and `fds[i]` as its descriptor 3 + i; no other
/// descriptor, not even one pb inherited, stays open in it. Returns 0 with `*pid` set,
/// or an errno value.
int pb_spawn_detached(const char *path, char *const argv[], const int *fds, int count, pid_t *pid);

/// Starts `path` (found in PATH when it has no '/') with `argv` and `envp`, its standard
/// input, output and error on `input`, `output` and `error`, default signal handling, and
/// no other descriptor open. Returns 0 with `*pid` set, or an errno value.
/// With `ends_with_parent`, `path` must hold a '/', and the program is killed (SIGKILL)
/// when pb ends, however it ends, even before it starts.
int pb_spawn_streams(const char *path, char *const argv[], char *const envp[], int input, int output, int error,
                     int ends_with_parent, pid_t *pid);

/// A pipe, both ends close-on-exec.
int pb_pipe(int ends[2]);

/// A file in memory (memfd_create), close-on-exec.
int pb_memory_file(const char *name);

/// A stream socket connected to the Unix socket at `path`, close-on-exec; -1 with errno.
int pb_connect_unix(const char *path);
/// Sends `length` bytes and, with them, `count` descriptors (SCM_RIGHTS, at most 28);
/// never raises SIGPIPE. Returns what sendmsg returns.
ssize_t pb_send_with_fds(int socket_fd, const void *data, size_t length, const int *fds, int count);
/// Receives up to `length` bytes and the descriptors that came with them: at most
/// `*count` are kept in `fds` (close-on-exec), `*count` is set to how many; the rest are
/// closed. Returns what recvmsg returns.
ssize_t pb_receive_with_fds(int socket_fd, void *buffer, size_t length, int *fds, int *count);

#endif
