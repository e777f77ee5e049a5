// libmagic's compiled database indexed so that a sniff walks only the rules that can
// match the data at hand.
//
// Kept because it pays its way: a sniffed pb copy of a 19-byte text (release build, bench/
// PB_BENCH=startup, index off by MAGIC naming the same database) runs 1.5 M instructions
// instead of 3.65 M and takes 299 page faults instead of 394: the copy is about a third
// quicker (index off: 1.54x its time, median of 1,000 interleaved pairs). Written for
// libmagic 5.44 alone (CMAGIC_KNOWN_LIBMAGIC): with another it is compiled out, or not used
// when the library linked differs from the header, and libmagic loads its whole database.
// RegexPrefilterTests checks every file of the type corpus against libmagic alone.
//
// libmagic tries every one of its 3,500 top-level tests, with the 12,000 continuations
// they guard, twice for text (once for binary tests, once for text tests): 6 MB of rules
// read on every sniff, mapped page by page and unmapped at exit, most of a small copy's
// sniffing. Most top-level binary tests compare fixed bytes at a fixed offset; a test
// whose first byte there differs from the data's cannot match, and a group whose
// top-level test fails is skipped whole, with no other effect. So a sniff hands
// magic_load_buffers the binary groups that may match, in the database's order, in one
// list; then the text groups as a second list; then the named rules (libmagic's second
// set) as they are.
//
// Lists matter: libmagic ends a list's walk at the first group that matches, even one
// that names no type, and goes on to the next list. The binary pass skips every text
// group and the text pass every binary one, so two lists walk as one. A group that is
// both (a search run in both passes) belongs to both orders: where it may match, the
// sniff puts every group that may match in one list instead, copied in order.
//
// What the index decides is only ever "this test cannot match"; any test it does not
// understand is kept. libmagic runs the text groups on the data converted to UTF-8: where
// that conversion gives back these very bytes (UTF-8 without a byte-order mark, no
// control character but white space), the text groups that may match are picked as the
// binary ones are, and a small text walks a few of the 390 instead of all of them; for
// any other data the text groups come whole, as the index keeps them ready. A group that
// can reach an `indirect` test (directly or through the named rules it `use`s) runs
// libmagic's walk again on other bytes, so a sniff that keeps one loads the whole
// database instead.
#define _GNU_SOURCE
#include "CMagic.h"
#include "RegexRequirement.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int cmagic_shortcuts_available(void) {
#if MAGIC_VERSION == CMAGIC_KNOWN_LIBMAGIC
  // The static archive, or a libmagic a test process loads, may differ from the header.
  return magic_version() == CMAGIC_KNOWN_LIBMAGIC;
#else
  return 0;
#endif
}

// Everything below reads libmagic 5.44's private layout: against another magic.h it
// compiles to an index that is never built nor accepted, and libmagic loads its database.
#if MAGIC_VERSION == CMAGIC_KNOWN_LIBMAGIC

// The compiled format libmagic 5.44 reads and writes (file.h: MAGICNO, VERSIONNO 18,
// struct magic of 376 bytes); another version is refused and left to libmagic.
enum { ENTRY = 376, COMPILED_VERSION = 18 };
#define COMPILED_MAGIC 0xF11E041Cu
// Offsets in struct magic.
enum {
  F_FLAG = 2, F_RELN = 4, F_VALLEN = 5, F_TYPE = 6, F_MASK_OP = 9, F_OFFSET = 12, F_MASK = 24, F_STR_RANGE = 24,
  F_STR_FLAGS = 28, F_VALUE = 32, VALUE_SIZE = 128
};
// struct magic's flag bits.
enum { INDIR = 0x01, OFFADD = 0x02, INDIROFFADD = 0x04, UNSIGNED = 0x08, BINTEST = 0x20, TEXTTEST = 0x40, OFFNEGATIVE = 0x80 };
// String flags (file.h STRING_*) that change how bytes compare.
enum { COMPACT_WHITESPACE = 0x01, COMPACT_OPTIONAL_WHITESPACE = 0x02, IGNORE_LOWERCASE = 0x04, IGNORE_UPPERCASE = 0x08 };
// Types (file.h FILE_*).
enum {
  T_BYTE = 1, T_SHORT = 2, T_LONG = 4, T_STRING = 5, T_BESHORT = 7, T_BELONG = 8, T_LESHORT = 10, T_LELONG = 11,
  T_REGEX = 17, T_SEARCH = 20, T_QUAD = 24, T_LEQUAD = 25, T_BEQUAD = 26, T_INDIRECT = 41, T_NAME = 45, T_USE = 46, T_DER = 48
};

// What a group's top-level test needs of the data.
enum {
  KEEP = 0,           // not understood: always kept
  STRING_BYTE = 1,    // `byte` at `probe`, then the rest of the value's exact prefix (bytes past the end read as 0)
  NUMBER_BYTE = 2,    // `byte` under `mask` at `probe`, and the whole number in the data (not for quads)
  SEARCHED = 3,       // the first `byte` bytes of the value, where the search looks
  UNSIGNED_ORDER = 4, // an unsigned number read at the offset compares (< or >) with the value
  TEXT = 5,           // a text group: in the second list
  REGEXP = 6          // a `regex` at 0: a match holds the strings of its requirement
};

// The index file: a header; one record per group, in the database's order; the candidate
// table; the binary groups' entries; the text groups behind a database header of their
// own (the second list); the named rules behind another; the requirements of the
// top-level regular expressions at offset 0 (RegexRequirement.h), which a sniff would
// otherwise read from each pattern as libmagic compiles it (160,000 instructions for a
// small text's 66).
//
// Four groups in five test one byte of the data's first (a string's first byte, or a
// number's under its mask). The candidate table has a row of bits, one per group, for
// each value of that first byte: a group's bit is clear when its test cannot pass with
// that value. A sniff reads the row of its data's first byte and looks at the records
// of the groups left, in order, rather than at all 3,000.
struct index_header {
  char tag[4]; // "PBMI"
  uint32_t format;
  uint32_t rules;   // entries of the first set
  uint32_t named;   // entries of the second set
  uint32_t groups;
  uint32_t text_at; // byte offset of the text groups' database header
  uint32_t texts;   // entries in it
  uint32_t named_at;
  uint32_t both[4];   // the groups run in both passes, the first four of them
  uint32_t boths;     // how many there are (more than four: always one list)
  uint32_t requirements; // regex requirements, in a table behind the named rules
  uint64_t identity[CMAGIC_INDEX_IDENTITY];
};
struct group_record {
  uint32_t at;      // byte offset of the group's entries
  uint32_t entries; // how many
  int32_t offset;   // the top-level test's offset
  int32_t probe;
  uint8_t kind;
  uint8_t unsafe;   // may reach `indirect`
  uint8_t both;     // run in both passes
  uint8_t byte;
  uint8_t mask;
  uint8_t size;     // NUMBER_BYTE: the number's size; STRING_BYTE: how many bytes compare exactly
  uint8_t test;     // TEXT: the kind of its top-level test on the data as is (the fields above key it).
                    // REGEXP, as kind or test: `probe` numbers its requirement, `byte` is 1 when it ignores case
  uint8_t reserved;
};
enum { FORMAT = 12 };
_Static_assert(sizeof(struct index_header) == CMAGIC_INDEX_HEADER_SIZE, "CMagic.h's header size");

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }
// Where the candidate table starts, how many 64-bit words a row has, and where the binary
// groups' entries start, for an index of `groups` groups.
static size_t candidates_at(uint32_t groups) { return align8(sizeof(struct index_header) + (size_t)groups * sizeof(struct group_record)); }
static size_t row_words(uint32_t groups) { return ((size_t)groups + 63) / 64; }
static size_t binary_start(uint32_t groups) { return candidates_at(groups) + 256 * row_words(groups) * 8; }
// Where the requirement table starts: behind the named rules and their header.
static uint64_t requirements_start(uint64_t named_at, uint32_t named) { return named_at + ((uint64_t)named + 1) * ENTRY; }

static uint32_t u32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static int32_t i32(const unsigned char *p) { int32_t v; memcpy(&v, p, 4); return v; }
static uint64_t u64(const unsigned char *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static int number_size(unsigned type) {
  switch (type) {
  case T_BYTE: return 1;
  case T_SHORT: case T_BESHORT: case T_LESHORT: return 2;
  case T_LONG: case T_BELONG: case T_LELONG: return 4;
  case T_QUAD: case T_LEQUAD: case T_BEQUAD: return 8;
  default: return 0;
  }
}
static int big_endian(unsigned type) { return type == T_BESHORT || type == T_BELONG || type == T_BEQUAD; }
// libmagic 5.44's mget checks that a byte, short or long lies wholly in the data, not a
// quad: one reaching past the end reads the zeros mcopy pads the data with (`4 quad 0`
// matches four bytes of data).
static int padded(unsigned type) { return type == T_QUAD || type == T_LEQUAD || type == T_BEQUAD; }

static int is_space(unsigned c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// How many leading bytes of a string test's value compare byte for byte under its flags
// (libmagic's file_strncmp relaxes lowercase letters under `c`, uppercase under `C`, and
// white space under `W` and `w`).
static size_t exact_prefix(const unsigned char *e) {
  uint32_t flags = u32(e + F_STR_FLAGS);
  size_t length = e[F_VALLEN], i = 0;
  for (; i < length; i++) {
    unsigned c = e[F_VALUE + i];
    if ((flags & IGNORE_LOWERCASE) && c >= 'a' && c <= 'z') break;
    if ((flags & IGNORE_UPPERCASE) && c >= 'A' && c <= 'Z') break;
    if ((flags & (COMPACT_WHITESPACE | COMPACT_OPTIONAL_WHITESPACE)) && is_space(c)) break;
  }
  return i;
}

// What a top-level test needs of the bytes it is run on; `on_these_bytes` when they are
// the data's own (a binary test, or a text test where the text pass reads the data as is).
static int test_kind(const unsigned char *e, int on_these_bytes) {
  unsigned flag = e[F_FLAG], type = e[F_TYPE], reln = e[F_RELN];
  // Plain offsets from the start only.
  if ((flag & (INDIR | OFFADD | INDIROFFADD | OFFNEGATIVE)) || i32(e + F_OFFSET) < 0 || e[F_VALLEN] > VALUE_SIZE) return KEEP;
  // A search finds the same bytes wherever the text pass's converted data has them
  // (see cmagic_index_assemble).
  if (type == T_SEARCH && reln == '=' && exact_prefix(e) > 0) return SEARCHED;
  if (!on_these_bytes) return KEEP;
  if (type == T_STRING && reln == '=' && e[F_VALLEN] >= 1) return exact_prefix(e) > 0 ? STRING_BYTE : KEEP;
  // libmagic's `der seq` reads a DER tag there: a sequence's is a byte whose low five bits
  // are 16 (key_of).
  if (type == T_DER && reln == '=' && e[F_VALLEN] == 3 && memcmp(e + F_VALUE, "seq", 3) == 0) return NUMBER_BYTE;
  int size = number_size(type);
  if (size == 0 || e[F_MASK_OP] != 0) return KEEP;
  uint64_t mask = u64(e + F_MASK);
  // Under an AND mask, a byte the mask keeps bits of (key_of picks it).
  if (reln == '=') return mask == 0 || (mask & (((uint64_t)1 << (8 * size - 1) << 1) - 1)) != 0 ? NUMBER_BYTE : KEEP;
  // Under an AND mask, the number masked (may_match).
  if ((reln == '<' || reln == '>') && (flag & UNSIGNED)) return UNSIGNED_ORDER;
  return KEEP;
}

// The requirement of a top-level `regex` at offset 0 (its subject is then some of the
// data's first bytes), read as libmagic compiles it: extended, newline-sensitive, and
// ignoring case under `c` or `C`. 0 when there is none to use.
static int regex_requirement(const unsigned char *e, struct regex_requirement *requirement) {
  unsigned flag = e[F_FLAG];
  if (e[F_TYPE] != T_REGEX || e[F_RELN] != '=' || (flag & (INDIR | OFFADD | INDIROFFADD | OFFNEGATIVE)) || i32(e + F_OFFSET) != 0)
    return 0;
  const unsigned char *pattern = e + F_VALUE, *end = memchr(pattern, 0, VALUE_SIZE);
  if (end == NULL) return 0;
  // libmagic refuses, before compiling, a byte that is neither printable nor white space
  // and a repetition character twice in a row: such a rule stays an error to meet.
  for (const unsigned char *c = pattern; c < end; c++) {
    if (!((*c >= 0x20 && *c < 0x7F) || is_space(*c))) return 0;
    if (c > pattern && *c == c[-1] && (*c == '?' || *c == '*' || *c == '+' || *c == '{')) return 0;
  }
  int cflags = REG_EXTENDED | REG_NEWLINE | ((u32(e + F_STR_FLAGS) & (IGNORE_LOWERCASE | IGNORE_UPPERCASE)) ? REG_ICASE : 0);
  struct regex_requirement read;
  if (!cmagic_regex_requirement((const char *)pattern, cflags, &read)) return 0;
  // Only what it holds, so that every build of an index writes the same bytes.
  memset(requirement, 0, sizeof *requirement);
  requirement->count = read.count;
  for (int index = 0; index < read.count; index++) {
    const struct regex_clause *clause = &read.clauses[index];
    requirement->clauses[index].count = clause->count;
    for (int choice = 0; choice < clause->count; choice++) {
      requirement->clauses[index].length[choice] = clause->length[choice];
      memcpy(requirement->clauses[index].text[choice], clause->text[choice], clause->length[choice]);
    }
  }
  return 1;
}

// What kind of group a top-level test of the first set starts.
static int kind_of(const unsigned char *e) {
  unsigned passes = e[F_FLAG] & (BINTEST | TEXTTEST);
  if (passes != BINTEST && passes != (BINTEST | TEXTTEST)) return TEXT;
  // A test run in both passes may see converted bytes in the second.
  int kind = test_kind(e, passes == BINTEST);
  struct regex_requirement requirement;
  return kind == KEEP && passes == BINTEST && regex_requirement(e, &requirement) ? REGEXP : kind;
}

// What a record needs of a top-level test of its kind: the byte and where the data must
// have it; for numbers, the byte of the number the mask keeps most bits of, and those
// bits; for searches, how many leading bytes of the value must be found.
static void key_of(const unsigned char *e, int kind, struct group_record *record) {
  record->offset = i32(e + F_OFFSET);
  record->probe = record->offset;
  record->byte = 0;
  record->mask = 0xFF;
  if (kind == STRING_BYTE) record->byte = e[F_VALUE], record->size = (uint8_t)exact_prefix(e);
  if (kind == SEARCHED) record->byte = (uint8_t)exact_prefix(e);
  if (kind == NUMBER_BYTE && e[F_TYPE] == T_DER) {
    // The tag's byte, present (gettag fails on none).
    record->size = 1;
    record->byte = 0x10;
    record->mask = 0x1F;
  } else if (kind == NUMBER_BYTE) {
    int size = number_size(e[F_TYPE]), big = big_endian(e[F_TYPE]);
    uint64_t mask = u64(e + F_MASK);
    int best = 0, best_bits = -1;
    // Byte `i` of the data is byte `size - 1 - i` of a big-endian number, byte `i` of a
    // little-endian one.
    for (int i = 0; i < size; i++) {
      int position = big ? size - 1 - i : i;
      int bits = __builtin_popcount(mask == 0 ? 0xFFu : (unsigned)((mask >> (8 * position)) & 0xFF));
      if (bits > best_bits) best = i, best_bits = bits;
    }
    int position = big ? size - 1 - best : best;
    record->size = (uint8_t)size;
    record->probe += best;
    record->byte = e[F_VALUE + position];
    if (mask != 0) record->mask = (uint8_t)(mask >> (8 * position));
  }
}

static uint64_t read_number(const unsigned char *p, int size, int big) {
  uint64_t v = 0;
  for (int i = 0; i < size; i++) v |= (uint64_t)p[big ? i : size - 1 - i] << (8 * (size - 1 - i));
  return v;
}

// Which byte values a small head holds (a bit each), so that most searches are refused
// without a memmem: a text's sniff tries about 200.
struct present { int known; uint64_t bits[4]; };

static struct present present_in(const unsigned char *data, size_t count) {
  struct present present = {count <= 4096, {0}};
  for (size_t i = 0; present.known && i < count; i++) present.bits[data[i] >> 6] |= (uint64_t)1 << (data[i] & 63);
  return present;
}

// Whether the group's top-level test, of kind `kind`, may match `data`: from the record
// alone for the byte kinds, from the test `e` (its first rule, bounds checked) for the
// others.
static int may_match(const struct group_record *record, int kind, const unsigned char *e, const unsigned char *data,
                     size_t count, const struct present *present) {
  uint32_t offset = (uint32_t)record->offset;
  switch (kind) {
  case STRING_BYTE: {
    // libmagic pads the data with zeros past its end for string tests.
    if ((offset < count ? data[offset] : 0) != record->byte) return 0;
    size_t length = record->size < e[F_VALLEN] ? record->size : e[F_VALLEN];
    for (size_t i = 1; i < length; i++) {
      if ((offset + i < count ? data[offset + i] : 0) != e[F_VALUE + i]) return 0;
    }
    return 1;
  }
  case NUMBER_BYTE: {
    // A number not wholly in the data does not match, but for a quad (the only size 8):
    // libmagic checks no length for those and reads them padded with zeros, like strings.
    size_t probe = (uint32_t)record->probe;
    if (record->size != 8 && (offset > count || record->size > count - offset)) return 0;
    return ((probe < count ? data[probe] : 0) & record->mask) == record->byte;
  }
  case SEARCHED: {
    size_t length = record->byte, range = u32(e + F_STR_RANGE);
    if (record->both) offset = 0; // the text pass's data may start later (a byte-order mark left out)
    if (offset > count || length > count - offset || length > e[F_VALLEN]) return 0;
    unsigned first = e[F_VALUE];
    if (length > 0 && present->known && !(present->bits[first >> 6] >> (first & 63) & 1)) return 0;
    // The starts libmagic tries: offset + 0 ..< range (all of them for range 0), and
    // offset + range too for a search with no flags (its memmem looks that far).
    size_t starts = u32(e + F_STR_FLAGS) == 0 ? (size_t)range + 1 : range;
    size_t window = count - offset;
    if (!record->both && range != 0 && starts - 1 + length < window) window = starts - 1 + length;
    return memmem(data + offset, window, e + F_VALUE, length) != NULL;
  }
  case UNSIGNED_ORDER: {
    int size = number_size(e[F_TYPE]);
    unsigned char bytes[8] = {0};
    if (size == 0 || (!padded(e[F_TYPE]) && (offset > count || (size_t)size > count - offset))) return 0;
    if (offset < count) memcpy(bytes, data + offset, count - offset < (size_t)size ? count - offset : (size_t)size);
    uint64_t v = read_number(bytes, size, big_endian(e[F_TYPE])), l = u64(e + F_VALUE), mask = u64(e + F_MASK);
    if (mask != 0) v &= mask;
    return e[F_RELN] == '<' ? v < l : v > l;
  }
  default:
    return 1;
  }
}

// Whether libmagic's text pass, if it runs, reads these very bytes (less a byte-order
// mark): whole UTF-8 (no overlong forms, surrogates or cut-off sequences) with no control
// character but white space, which libmagic takes as UTF-8 (or ASCII) before any other
// encoding it would convert from.
static int read_as_is(const unsigned char *data, size_t count) {
  size_t i = 0;
  while (i < count) {
    unsigned c = data[i];
    if (c < 0x80) {
      if (c == 0x7F || (c < 0x20 && !(c >= '\t' && c <= '\r'))) return 0;
      i++;
      continue;
    }
    size_t length = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (length == 0 || length > count - i) return 0;
    unsigned second = data[i + 1];
    if ((c == 0xE0 && second < 0xA0) || (c == 0xED && second > 0x9F) || (c == 0xF0 && second < 0x90) ||
        (c == 0xF4 && second > 0x8F))
      return 0;
    for (size_t j = 1; j < length; j++) {
      if ((data[i + j] & 0xC0) != 0x80) return 0;
    }
    i += length;
  }
  return 1;
}

static int valid_database(const unsigned char *mgc, size_t size, uint32_t *rules, uint32_t *named) {
  if (size < ENTRY || size % ENTRY != 0 || u32(mgc) != COMPILED_MAGIC || u32(mgc + 4) != COMPILED_VERSION) return 0;
  *rules = u32(mgc + 8);
  *named = u32(mgc + 12);
  return (uint64_t)*rules + *named + 1 == size / ENTRY;
}

static void database_header(unsigned char *out, uint32_t rules, uint32_t named) {
  memset(out, 0, ENTRY);
  uint32_t words[4] = {COMPILED_MAGIC, COMPILED_VERSION, rules, named};
  memcpy(out, words, sizeof words);
}

static int is_top(const unsigned char *e) { return (e[0] | e[1]) == 0; }

// Named rules (second set) that can reach `indirect`, worked out to a fixed point; a
// `use` of a name the database lacks counts as reaching it.
struct named_group { const unsigned char *name; uint32_t start, end; int unsafe; };

static int uses_unsafe(const unsigned char *entries, uint32_t start, uint32_t end, const struct named_group *names,
                       size_t count) {
  for (uint32_t i = start; i < end; i++) {
    const unsigned char *e = entries + (size_t)i * ENTRY;
    if (e[F_TYPE] == T_INDIRECT) return 1;
    if (e[F_TYPE] != T_USE) continue;
    const unsigned char *name = e + F_VALUE;
    if (*name == '^') name++;
    size_t j = 0;
    while (j < count && strncmp((const char *)names[j].name, (const char *)name, VALUE_SIZE) != 0) j++;
    if (j == count || names[j].unsafe) return 1;
  }
  return 0;
}

// Sets group `g`'s bit in the row of each first byte its test may pass with: all of them
// but for a binary byte kind probing offset 0 (not run in both passes, which may be kept
// whatever its test says; a text group is kept whole for data the text pass converts).
static void mark_candidate(unsigned char *rows, size_t words, uint32_t g, const struct group_record *record) {
  int keyed = (record->kind == STRING_BYTE || record->kind == NUMBER_BYTE) && record->probe == 0 && !record->both;
  for (unsigned value = 0; value < 256; value++) {
    if (keyed && (value & record->mask) != record->byte) continue;
    unsigned char *word = rows + (value * words + g / 64) * 8;
    uint64_t bits = u64(word) | (uint64_t)1 << (g % 64);
    memcpy(word, &bits, sizeof bits);
  }
}

size_t cmagic_index_build(const void *database, size_t size, const uint64_t *identity, void **out) {
  const unsigned char *mgc = database;
  uint32_t rules, named;
  *out = NULL;
  if (!cmagic_shortcuts_available()) return 0;
  if (!valid_database(mgc, size, &rules, &named) || rules == 0 || !is_top(mgc + ENTRY)) return 0;
  const unsigned char *entries = mgc + ENTRY;
  const unsigned char *second = entries + (size_t)rules * ENTRY;
  // Named groups, for `use`.
  size_t name_count = 0;
  for (uint32_t i = 0; i < named; i++) name_count += is_top(second + (size_t)i * ENTRY);
  struct named_group *names = calloc(name_count ? name_count : 1, sizeof *names);
  uint32_t *starts = malloc(((size_t)rules + 1) * sizeof *starts);
  if (!names || !starts) { free(names); free(starts); return 0; }
  size_t n = 0;
  for (uint32_t i = 0; i < named; i++) {
    const unsigned char *e = second + (size_t)i * ENTRY;
    if (!is_top(e)) continue;
    names[n].name = e[F_TYPE] == T_NAME ? e + F_VALUE : (const unsigned char *)"";
    names[n].start = i;
    if (n > 0) names[n - 1].end = i;
    n++;
  }
  if (n > 0) names[n - 1].end = named;
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t j = 0; j < n; j++) {
      if (!names[j].unsafe && uses_unsafe(second, names[j].start, names[j].end, names, n)) names[j].unsafe = changed = 1;
    }
  }
  // Groups of the first set: a top-level test and its continuations; a run of binary
  // groups always kept (KEEP) makes one group.
  uint32_t groups = 0, texts = 0;
  for (uint32_t i = 0; i < rules; i++) {
    const unsigned char *e = entries + (size_t)i * ENTRY;
    if (is_top(e)) {
      int kind = kind_of(e);
      int run = groups > 0 && kind == KEEP && kind == kind_of(entries + (size_t)starts[groups - 1] * ENTRY);
      if (!run) starts[groups++] = i;
    }
  }
  starts[groups] = rules;
  // The top-level regular expressions that have a requirement, numbered in order.
  struct regex_requirement *requirements = malloc(((size_t)groups + 1) * sizeof *requirements);
  int32_t *requirement_of = malloc(((size_t)groups + 1) * sizeof *requirement_of);
  if (!requirements || !requirement_of) { free(requirements); free(requirement_of); free(starts); free(names); return 0; }
  uint32_t requirement_count = 0;
  for (uint32_t g = 0; g < groups; g++) {
    const unsigned char *top = entries + (size_t)starts[g] * ENTRY;
    int kind = kind_of(top);
    requirement_of[g] = -1;
    if (kind == TEXT) texts += starts[g + 1] - starts[g];
    if (((kind == TEXT && test_kind(top, 1) == KEEP) || kind == REGEXP) && regex_requirement(top, &requirements[requirement_count]))
      requirement_of[g] = (int32_t)requirement_count++;
  }
  size_t binary_at = binary_start(groups);
  size_t text_at = binary_at + (size_t)(rules - texts) * ENTRY;
  size_t named_at = text_at + ((size_t)texts + 1) * ENTRY;
  size_t requirements_at = (size_t)requirements_start(named_at, named);
  size_t total = requirements_at + (size_t)requirement_count * sizeof *requirements;
  unsigned char *index = calloc(1, total);
  if (!index || total > UINT32_MAX) { free(index); free(requirements); free(requirement_of); free(starts); free(names); return 0; }
  struct index_header header = {{'P', 'B', 'M', 'I'}, FORMAT, rules, named, groups, (uint32_t)text_at, texts, (uint32_t)named_at, {0}, 0, requirement_count, {0}};
  memcpy(header.identity, identity, sizeof header.identity);
  // Binary groups that are always kept first, together, so that a sniff copies them from
  // one stretch of the file; then the rest.
  size_t binary = binary_at, text = text_at + ENTRY;
  for (int pass = 0; pass < 3; pass++) {
    for (uint32_t g = 0; g < groups; g++) {
      const unsigned char *top = entries + (size_t)starts[g] * ENTRY;
      int kind = kind_of(top);
      if ((pass == 0) != (kind == KEEP) || (pass == 2) != (kind == TEXT)) continue;
      uint32_t count = starts[g + 1] - starts[g];
      struct group_record record = {0};
      if (kind == TEXT) record.test = (uint8_t)test_kind(top, 1);
      key_of(top, kind == TEXT ? record.test : kind, &record);
      if (requirement_of[g] >= 0) {
        if (kind == TEXT) record.test = REGEXP;
        record.probe = requirement_of[g];
        record.byte = (u32(top + F_STR_FLAGS) & (IGNORE_LOWERCASE | IGNORE_UPPERCASE)) != 0;
      }
      record.kind = (uint8_t)kind;
      record.entries = count;
      record.unsafe = (uint8_t)uses_unsafe(entries, starts[g], starts[g + 1], names, n);
      // A run of groups kept always is run in both passes when any of its groups is.
      for (uint32_t i = starts[g]; i < starts[g + 1]; i++) {
        const unsigned char *e = entries + (size_t)i * ENTRY;
        if (is_top(e) && (e[F_FLAG] & (BINTEST | TEXTTEST)) == (BINTEST | TEXTTEST)) record.both = 1;
      }
      if (record.both && header.boths++ < 4) header.both[header.boths - 1] = g;
      size_t *at = kind == TEXT ? &text : &binary;
      record.at = (uint32_t)*at;
      memcpy(index + *at, top, (size_t)count * ENTRY);
      *at += (size_t)count * ENTRY;
      memcpy(index + sizeof header + (size_t)g * sizeof record, &record, sizeof record);
      mark_candidate(index + candidates_at(groups), row_words(groups), g, &record);
    }
  }
  database_header(index + text_at, texts, 0);
  database_header(index + named_at, 0, named);
  memcpy(index + named_at + ENTRY, second, (size_t)named * ENTRY);
  memcpy(index + requirements_at, requirements, (size_t)requirement_count * sizeof *requirements);
  memcpy(index, &header, sizeof header);
  free(requirements);
  free(requirement_of);
  free(starts);
  free(names);
  *out = index;
  return total;
}

static struct index_header header_of(const struct cmagic_index *index) {
  struct index_header header;
  memcpy(&header, index->header, sizeof header);
  return header;
}

// Whether the string fields of the entry at `e` (a test's value, description, MIME type,
// Apple type and extensions) end within it: libmagic reads them as C strings, and the
// last entry of a list has nothing of the list after it.
static int strings_end(const unsigned char *e) {
  static const struct { size_t at, size; } fields[] = {{F_VALUE, VALUE_SIZE}, {160, 64}, {224, 80}, {304, 8}, {312, 64}};
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    if (memchr(e + fields[i].at, 0, fields[i].size) == NULL) return 0;
  }
  return 1;
}

int cmagic_index_check(const void *index_bytes, size_t size, const uint64_t *identity, struct cmagic_index *checked) {
  const unsigned char *index = index_bytes;
  if (!cmagic_shortcuts_available() || size < sizeof(struct index_header)) return 0;
  struct index_header header;
  memcpy(&header, index, sizeof header);
  if (memcmp(header.tag, "PBMI", 4) != 0 || header.format != FORMAT) return 0;
  if (memcmp(header.identity, identity, sizeof header.identity) != 0) return 0;
  if (header.groups > header.rules || header.texts > header.rules) return 0;
  size_t binary_at = binary_start(header.groups);
  uint64_t text_at = binary_at + (uint64_t)(header.rules - header.texts) * ENTRY;
  uint64_t named_at = text_at + ((uint64_t)header.texts + 1) * ENTRY;
  if (header.text_at != text_at || header.named_at != named_at) return 0;
  uint64_t requirements_at = requirements_start(named_at, header.named);
  if (header.requirements > header.groups) return 0;
  if (requirements_at + (uint64_t)header.requirements * sizeof(struct regex_requirement) != size) return 0;
  if (u32(index + text_at) != COMPILED_MAGIC || u32(index + text_at + 8) != header.texts) return 0;
  if (u32(index + named_at) != COMPILED_MAGIC || u32(index + named_at + 12) != header.named) return 0;
  // The lists handed to libmagic as they are in the file.
  if (header.texts > 0 && !strings_end(index + named_at - ENTRY)) return 0;
  if (header.named > 0 && !strings_end(index + requirements_at - ENTRY)) return 0;
  if (checked) {
    checked->bytes = index;
    checked->size = size;
    memcpy(checked->header, &header, sizeof header);
  }
  return 1;
}

// Where the stretches of an index begin, for checking records as a sniff reads them
// (not all at once when the index is opened).
struct bounds { size_t binary_at, text_at, named_at; };

static int record_in_bounds(const struct group_record *record, const struct bounds *bounds) {
  if (record->entries == 0 || record->kind > REGEXP || record->at < bounds->binary_at) return 0;
  int test = record->kind == TEXT ? record->test : record->kind;
  if (test == TEXT || test > REGEXP || (test == NUMBER_BYTE && (record->size == 0 || record->size > 8))) return 0;
  if ((record->at - bounds->binary_at) % ENTRY != 0 || (record->kind == TEXT) != (record->at >= bounds->text_at)) return 0;
  return (uint64_t)record->at + (uint64_t)record->entries * ENTRY <= (record->kind == TEXT ? bounds->named_at : bounds->text_at);
}

// The first group from `from` on whose bit is set in `row`; `groups` when none is.
static uint32_t next_candidate(const unsigned char *row, uint32_t groups, uint32_t from) {
  for (uint32_t word = from / 64; (size_t)word * 64 < groups; word++) {
    uint64_t bits = u64(row + (size_t)word * 8);
    if (word == from / 64) bits &= ~(uint64_t)0 << (from % 64);
    if (bits != 0) return word * 64 + (uint32_t)__builtin_ctzll(bits);
  }
  return groups;
}

size_t cmagic_index_assemble(const struct cmagic_index *checked, const void *data, size_t count, void *out,
                             const void **texts, size_t *text_size) {
  const unsigned char *index = checked->bytes;
  unsigned char *rules = out;
  // The header as it was checked: the file may have changed under the mapping since.
  struct index_header header = header_of(checked);
  const struct group_record *records = (const struct group_record *)(index + sizeof header);
  // A search run in both passes that may match needs the text groups in one list with
  // the binary ones. It is tested on these bytes, so data libmagic may convert before its
  // text pass keeps it.
  struct bounds bounds = {binary_start(header.groups), header.text_at, header.named_at};
  int as_is = read_as_is(data, count), one_list = header.boths > 4;
  struct present present = present_in(data, count);
  for (uint32_t i = 0; i < header.boths && i < 4 && !one_list; i++) {
    const struct group_record *record = header.both[i] < header.groups ? &records[header.both[i]] : NULL;
    if (!record || !record->both || !record_in_bounds(record, &bounds)) return 0;
    if (!as_is || may_match(record, record->kind, index + record->at, data, count, &present)) one_list = 1;
  }
  // libmagic's text pass reads the data as is, less a byte-order mark: without one, its
  // text groups are picked here too, into a list of their own behind the binary one
  // (which holds at most the binary groups' entries) unless they share that. Each list
  // ends in an empty entry, where a string libmagic reads from its last one ends.
  const unsigned char *bytes = data;
  int texts_picked = as_is && !(count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF);
  unsigned char *text_rules = rules + ((size_t)(header.rules - header.texts) + 2) * ENTRY;
  const struct regex_requirement *requirements =
      (const struct regex_requirement *)(index + requirements_start(header.named_at, header.named));
  size_t kept = 0, texts_kept = 0;
  // The row of the data's first byte (a string test reads 0 past the end).
  uint32_t groups = header.groups;
  const unsigned char *row = index + candidates_at(groups) + (count > 0 ? bytes[0] : 0) * row_words(groups) * 8;
  for (uint32_t g = next_candidate(row, groups, 0); g < groups; g = next_candidate(row, groups, g + 1)) {
    const struct group_record *record = &records[g];
    int text = record->kind == TEXT, kind = text ? record->test : record->kind;
    const unsigned char *first = index + record->at;
    int kept_here;
    if (text && !texts_picked) {
      kept_here = one_list;
    } else if (kind == REGEXP) {
      // A requirement not in the data is in none of its first bytes (damaged, it is kept).
      uint32_t number = (uint32_t)record->probe;
      kept_here = number >= header.requirements ||
                  cmagic_regex_requirement_met(requirements + number, bytes, count, record->byte != 0);
    } else {
      // The byte kinds are decided from the record; the others read their first rule.
      int reads_rule = kind == SEARCHED || kind == UNSIGNED_ORDER ||
                       (kind == STRING_BYTE && ((uint32_t)record->offset < count ? bytes[(uint32_t)record->offset] : 0) == record->byte);
      if (reads_rule && !record_in_bounds(record, &bounds)) return 0;
      kept_here = (!text && record->both && !as_is) || may_match(record, kind, first, data, count, &present);
    }
    if (!kept_here) continue;
    if (!record_in_bounds(record, &bounds)) return 0;
    // A damaged index could name more rules than a list has room for.
    int apart = text && !one_list;
    size_t *list_kept = apart ? &texts_kept : &kept;
    size_t room = apart ? header.texts : one_list ? header.rules : header.rules - header.texts;
    if (record->unsafe || record->entries > room - *list_kept) return 0;
    memcpy((apart ? text_rules : rules) + (*list_kept + 1) * ENTRY, first, (size_t)record->entries * ENTRY);
    *list_kept += record->entries;
  }
  database_header(rules, (uint32_t)kept, 0);
  memset(rules + (kept + 1) * ENTRY, 0, ENTRY);
  if (texts_picked && !one_list) {
    database_header(text_rules, (uint32_t)texts_kept, 0);
    memset(text_rules + (texts_kept + 1) * ENTRY, 0, ENTRY);
  }
  *texts = one_list ? NULL : texts_picked ? text_rules : index + header.text_at;
  *text_size = one_list ? 0 : ((texts_picked ? texts_kept : (size_t)header.texts) + 1) * ENTRY;
  return (kept + 1) * ENTRY;
}

size_t cmagic_index_capacity(const struct cmagic_index *index) {
  // The binary list and the text list, each behind a header and before an empty entry.
  return ((size_t)header_of(index).rules + 4) * ENTRY;
}

const void *cmagic_index_named(const struct cmagic_index *index, size_t *size) {
  struct index_header header = header_of(index);
  *size = ((size_t)header.named + 1) * ENTRY;
  return (const unsigned char *)index->bytes + header.named_at;
}

int cmagic_index_load(magic_t cookie, const struct cmagic_index *index, const void *data, size_t count, void *out) {
  const void *texts;
  size_t text_size, named_size;
  size_t size = cmagic_index_assemble(index, data, count, out, &texts, &text_size);
  if (size == 0) return 1;
  const void *named = cmagic_index_named(index, &named_size);
  // The lists handed over as they are in the file must still begin as the check read
  // them: in a file written over in place since, a header of the other byte order has
  // libmagic byte-swap the rules behind it where they are (the mapping is copy-on-write,
  // so that even a writer quicker than this costs no crash).
  struct index_header header = header_of(index);
  unsigned char expected[ENTRY];
  const unsigned char *bytes = index->bytes;
  if (texts && (const unsigned char *)texts >= bytes && (const unsigned char *)texts < bytes + index->size) {
    database_header(expected, header.texts, 0);
    if (memcmp(texts, expected, 16) != 0) return 1;
  }
  database_header(expected, 0, header.named);
  if (memcmp(named, expected, 16) != 0) return 1;
  void *buffers[3] = {out};
  size_t sizes[3] = {size}, lists = 1;
  if (texts) buffers[lists] = (void *)texts, sizes[lists++] = text_size;
  buffers[lists] = (void *)named, sizes[lists++] = named_size;
  return magic_load_buffers(cookie, buffers, sizes, lists) == 0 ? 0 : -1;
}

#else

size_t cmagic_index_build(const void *database, size_t size, const uint64_t *identity, void **out) {
  (void)database, (void)size, (void)identity;
  *out = NULL;
  return 0;
}

int cmagic_index_check(const void *index, size_t size, const uint64_t *identity, struct cmagic_index *checked) {
  (void)index, (void)size, (void)identity, (void)checked;
  return 0;
}

size_t cmagic_index_assemble(const struct cmagic_index *index, const void *data, size_t count, void *out,
                             const void **texts, size_t *text_size) {
  (void)index, (void)data, (void)count, (void)out;
  *texts = NULL;
  *text_size = 0;
  return 0;
}

size_t cmagic_index_capacity(const struct cmagic_index *index) {
  (void)index;
  return 0;
}

const void *cmagic_index_named(const struct cmagic_index *index, size_t *size) {
  (void)index;
  *size = 0;
  return NULL;
}

int cmagic_index_load(magic_t cookie, const struct cmagic_index *index, const void *data, size_t count, void *out) {
  (void)cookie, (void)index, (void)data, (void)count, (void)out;
  return 1;
}

#endif
