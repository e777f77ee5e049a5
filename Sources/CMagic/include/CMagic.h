// libmagic, and the regular-expression shortcut its static link goes through
// (RegexPrefilter.c).
#ifndef CMAGIC_H
#define CMAGIC_H

#include <magic.h>
#include <regex.h>

/// 0 when `pattern` (compiled with `cflags`) cannot match `subject` because a string
/// every match contains is missing from it; 1 when it may match, or when the pattern
/// is one the shortcut leaves to glibc.
int cmagic_regex_may_match(const char *pattern, int cflags, const char *subject);

/// How libmagic's regular expressions fared in this process: compiled by glibc,
/// deferred at regcomp, and never compiled because a regexec could not match.
struct cmagic_regex_counts {
  long compiled;
  long deferred;
  long skipped;
};
struct cmagic_regex_counts cmagic_regex_counts(void);

/// Turns the shortcut off (0) or on (1) for regular expressions compiled from now on;
/// it is on from the start. Off, regcomp and regexec are glibc's own: tests compare.
void cmagic_regex_set_prefilter(int enabled);

/// Calls `visit` with each pattern whose compilation is put off now (the lock is held:
/// `visit` must not compile).
void cmagic_regex_each_deferred(void (*visit)(const char *pattern, int cflags, void *context), void *context);

/// Decompresses the start of a gzip, bzip2 or xz stream (told by its first bytes) into
/// `out`, as far as `in` and `out` go; returns the bytes produced, 0 for anything else or a
/// stream that does not decompress.
size_t cmagic_decompress_head(const void *in, size_t in_size, void *out, size_t out_size);

#endif
