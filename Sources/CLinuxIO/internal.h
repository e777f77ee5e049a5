// What the C files of CLinuxIO share: the feature macro that makes glibc declare the
// Linux calls, their headers, and the helpers more than one file uses.
#ifndef CLINUXIO_INTERNAL_H
#define CLINUXIO_INTERNAL_H

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
#include <sys/prctl.h>
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

// Shared by the concerns' files only: hidden from the rest of the program.
/// openat, retried on EINTR.
__attribute__((visibility("hidden"))) int pb_openat_retrying(int directory_fd, const char *name, int flags, mode_t mode);
/// Closes every descriptor from `lowest` up (close_range, or one by one before Linux 5.9).
__attribute__((visibility("hidden"))) void pb_close_from(int lowest);

#endif
