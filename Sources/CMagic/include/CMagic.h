// libmagic, and the regular-expression shortcut its static link goes through
// (RegexPrefilter.c).
#ifndef CMAGIC_H
#define CMAGIC_H

#include <magic.h>
#include <stddef.h>
#include <stdint.h>
#include <regex.h>

/// The libmagic release (magic.h's MAGIC_VERSION) the index and the regular-expression
/// shortcut are written for: the index copies its private 376-byte `struct magic` and its
/// matcher, the shortcut how it calls regcomp and regexec. 5.45 keeps the compiled format
/// but changed the matcher, so the database's own version number is no guard.
#define CMAGIC_KNOWN_LIBMAGIC 544

/// 1 when the libmagic pb was compiled against (magic.h) and the one it runs with
/// (magic_version()) are both CMAGIC_KNOWN_LIBMAGIC; else 0, and libmagic runs alone: no
/// index is built or read, and regcomp and regexec are glibc's own.
int cmagic_shortcuts_available(void);

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
/// it is on from the start, where cmagic_shortcuts_available() (never otherwise). Off,
/// regcomp and regexec are glibc's own: tests compare.
void cmagic_regex_set_prefilter(int enabled);

/// Calls `visit` with each pattern whose compilation is put off now (the lock is held:
/// `visit` must not compile).
void cmagic_regex_each_deferred(void (*visit)(const char *pattern, int cflags, void *context), void *context);

/// Decompresses the start of a gzip, bzip2 or xz stream (told by its first bytes) into
/// `out`, as far as `in` and `out` go; returns the bytes produced, 0 for anything else or a
/// stream that does not decompress.
size_t cmagic_decompress_head(const void *in, size_t in_size, void *out, size_t out_size);

/// How many words identify the compiled database an index was built from (its device,
/// inode, size, and modification and change times in seconds and nanoseconds).
#define CMAGIC_INDEX_IDENTITY 7

/// Builds the index of libmagic's compiled database `database` (MagicIndex.c says what
/// it is) into a new malloc'd buffer at `*out`; returns its size, or 0 for a database of
/// another version or shape (libmagic then loads it alone).
size_t cmagic_index_build(const void *database, size_t size, const uint64_t *identity, void **out);

/// The size of an index's header.
#define CMAGIC_INDEX_HEADER_SIZE 112

/// An index cmagic_index_check accepted: where its bytes are, and its header as checked.
/// A sniff reads the header from here, not from the bytes: a file mapped may be written
/// over under the mapping after it was checked.
struct cmagic_index {
  const void *bytes;
  size_t size;
  unsigned char header[CMAGIC_INDEX_HEADER_SIZE];
};

/// 1 when `index` is a whole index built from the database `identity` names (and then,
/// unless `checked` is NULL, fills in `checked`).
int cmagic_index_check(const void *index, size_t size, const uint64_t *identity, struct cmagic_index *checked);

/// Writes into `out` (cmagic_index_capacity bytes) the database of the binary rules that
/// may match `data`, in order, and returns its size; sets `texts` to the text rules, a
/// database to load after it, or to NULL when `out` holds them too. Returns 0 when the
/// whole database must be loaded instead (a group that may match can run libmagic's walk
/// on other bytes).
size_t cmagic_index_assemble(const struct cmagic_index *index, const void *data, size_t count, void *out,
                             const void **texts, size_t *text_size);

/// The size of the largest database cmagic_index_assemble writes.
size_t cmagic_index_capacity(const struct cmagic_index *index);

/// The named rules, as a database of their own, in the index.
const void *cmagic_index_named(const struct cmagic_index *index, size_t *size);

/// Loads into `cookie` the lists a sniff of `data` walks: the binary rules that may match
/// (assembled in `out`, cmagic_index_capacity bytes), the text rules when they come apart,
/// the named rules. 0 when loaded; 1 when the whole database must be loaded instead; -1
/// when libmagic refused the lists. The arrays libmagic takes are made here, on the
/// stack: in Swift each array type costs its metadata at run time, once per process.
int cmagic_index_load(magic_t cookie, const struct cmagic_index *index, const void *data, size_t count, void *out);

#endif
