// The command line, as the C library hands it to initialisers.
//
// Swift's runtime finds the command line on Linux by reading /proc/self/maps in a static
// initializer of every Swift program (its CommandLine.cpp: the stack's bounds, to walk
// back from `environ` to argv): a file the kernel writes out on the spot and 24 lines
// read with sscanf, 56,000 instructions before main, a sixth of a small paste. The
// standard library asks that object for argv through one function; defined here, the
// static link has no reason to take the object in, and the arguments come from where
// glibc gives them to every initialiser. (A dynamically linked pb, as the tests build
// it, keeps the library's own: its calls to it stay inside libswiftCore.)
#include "internal.h"

static char **arguments;
static int argument_count;
static char *no_arguments[] = {NULL};

__attribute__((constructor)) static void pb_keep_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  argument_count = argc;
  arguments = argv;
}

// The standard library's `_swift_stdlib_getUnsafeArgvArgc` (Swift calling convention).
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
  if (arguments == NULL) {
    *count = 0;
    return no_arguments;
  }
  *count = argument_count;
  return arguments;
}
