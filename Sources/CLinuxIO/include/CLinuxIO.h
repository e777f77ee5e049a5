// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module
// does not define: the zero-copy transfers between descriptors.
#ifndef CLINUXIO_H
#define CLINUXIO_H

#include <sys/types.h>

ssize_t pb_copy_file_range(int fd_in, int fd_out, size_t length);
ssize_t pb_splice(int fd_in, int fd_out, size_t length);
/// Fills `buffer` with random bytes, retrying interruptions; returns the count filled.
ssize_t pb_getrandom(void *buffer, size_t length);

/// Removes every file in the directory `directory_fd` from a detached process, so the
/// caller does not wait while the kernel frees their blocks. Returns 0 once that process
/// is started, -1 if it could not be.
int pb_empty_directory_in_background(int directory_fd);

#endif
