// Signal handling: cleaning up after an interrupted writer, and ignoring Ctrl-C while
// a program pb runs has the terminal.
#include "internal.h"

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

// MARK: Files mapped for the process

// A page of a mapped file that someone truncated in place (not replaced: pb replaces its
// files by renaming) faults with SIGBUS. For the mappings guarded here the handler maps
// zeros over the whole mapping instead, and counts it: the faulting read goes on with
// zeros, and its caller, seeing the count change, throws away what it read. Any other
// SIGBUS goes to the handler that was there before (the Swift runtime's backtracer) or
// the default action.
enum { guarded_mapping_capacity = 4 };
static struct { char *start; size_t size; } guarded_mappings[guarded_mapping_capacity];
static volatile sig_atomic_t guarded_mapping_count = 0;
static volatile sig_atomic_t damaged_mappings = 0;
static struct sigaction previous_bus_action;

static void zero_damaged_mapping(int signal_number, siginfo_t *info, void *context) {
  char *address = info->si_addr;
  for (int index = 0; index < guarded_mapping_count; index++) {
    char *start = guarded_mappings[index].start;
    size_t size = guarded_mappings[index].size;
    if (address < start || address >= start + size) continue;
    if (mmap(start, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) break;
    damaged_mappings++;
    return;
  }
  if (previous_bus_action.sa_flags & SA_SIGINFO) {
    previous_bus_action.sa_sigaction(signal_number, info, context);
    return;
  }
  if (previous_bus_action.sa_handler != SIG_DFL && previous_bus_action.sa_handler != SIG_IGN) {
    previous_bus_action.sa_handler(signal_number);
    return;
  }
  // The fault happens again on return, and kills as SIGBUS does.
  signal(SIGBUS, SIG_DFL);
}

int pb_guard_mapping(void *start, size_t size) {
  if (guarded_mapping_count == guarded_mapping_capacity) return -1;
  if (guarded_mapping_count == 0) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = zero_damaged_mapping;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, &previous_bus_action) != 0) return -1;
  }
  guarded_mappings[guarded_mapping_count].start = start;
  guarded_mappings[guarded_mapping_count].size = size;
  guarded_mapping_count++;
  return 0;
}

void pb_unguard_mapping(void *start) {
  for (int index = 0; index < guarded_mapping_count; index++) {
    if (guarded_mappings[index].start != start) continue;
    // The last entry takes its place; the handler may see either, both whole.
    guarded_mappings[index] = guarded_mappings[guarded_mapping_count - 1];
    guarded_mapping_count--;
    return;
  }
}

int pb_damaged_mappings(void) { return damaged_mappings; }

// MARK: Running out of memory

// Under an address-space limit (ulimit -v) the Swift runtime cannot report an
// allocation that fails: it aborts (or traps), and a stack or a thread that cannot grow
// faults with SIGSEGV. The handler, on a stack of its own, tells running out of memory
// from a crash by asking for address space now: when even the probe cannot be had, it
// writes the message and exits with the status given; otherwise the signal goes on to the
// handler that was there before (the Swift runtime's backtracer) or its default action.
static const int memory_signals[] = {SIGSEGV, SIGABRT, SIGILL, SIGTRAP};
enum { memory_signal_count = sizeof memory_signals / sizeof memory_signals[0] };
static struct sigaction previous_memory_actions[memory_signal_count];
static char out_of_memory_message[512];
static size_t out_of_memory_length = 0;
static int out_of_memory_status = 1;
// A static stack for the handler: a stack that cannot grow cannot run it.
static char out_of_memory_stack[64 << 10];
// What a command may still need when it fails: a failed request larger than this with
// this much still free is a crash of its own, and is passed on.
static const size_t out_of_memory_probe = 256 << 20;

// What a command needs at the least beyond what it has at start: checked at once, before
// the Swift runtime fails an allocation with a line of its own.
static const size_t out_of_memory_headroom = 16 << 20;

// Exits with the message when `size` more bytes of address space cannot be had.
static void exit_unless_available(size_t size) {
  void *probe = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (probe == MAP_FAILED) {
    ssize_t ignored = write(STDERR_FILENO, out_of_memory_message, out_of_memory_length);
    (void)ignored;
    _exit(out_of_memory_status);
  }
  munmap(probe, size);
}

void pb_exit_unless_available(size_t size) {
  if (out_of_memory_length > 0) exit_unless_available(size);
}

static void report_out_of_memory(int signal_number) {
  exit_unless_available(out_of_memory_probe);
  for (int index = 0; index < memory_signal_count; index++) {
    if (memory_signals[index] != signal_number) continue;
    sigaction(signal_number, &previous_memory_actions[index], NULL);
  }
  // A fault happens again on return; an abort's or trap's signal is sent again, and
  // delivered on return, to the handler put back.
  if (signal_number != SIGSEGV) raise(signal_number);
}

int pb_report_out_of_memory(const char *message, int status) {
  // Without an address-space limit an allocation does not fail (the kernel's OOM killer
  // ends a process instead): nothing to set up, and a start-up without 7 system calls.
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur == RLIM_INFINITY) return 0;
  size_t length = strlen(message);
  if (length > sizeof out_of_memory_message) return -1;
  memcpy(out_of_memory_message, message, length);
  out_of_memory_length = length;
  out_of_memory_status = status;
  stack_t stack = {.ss_sp = out_of_memory_stack, .ss_size = sizeof out_of_memory_stack, .ss_flags = 0};
  if (sigaltstack(&stack, NULL) != 0) return -1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = report_out_of_memory;
  action.sa_flags = SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int index = 0; index < memory_signal_count; index++) {
    if (sigaction(memory_signals[index], &action, &previous_memory_actions[index]) != 0) return -1;
  }
  exit_unless_available(out_of_memory_headroom);
  return 0;
}
