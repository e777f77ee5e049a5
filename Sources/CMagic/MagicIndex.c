// libmagic's compiled database indexed so that a sniff walks only the rules that can
// match the data at hand.
//
// libmagic tries every one of its 3,500 top-level tests, with the 12,000 continuations
// they guard, twice for text (once for binary tests, once for text tests): 6 MB of rules
// read on every sniff, mapped page by page and unmapped at exit, most of a small copy's
// sniffing. Most top-level binary tests compare fixed bytes at a fixed offset; a test
// whose first byte there differs from the data's cannot match, and a group whose
// top-level test fails is skipped whole, with no other effect. So a sniff hands
// magic_load_buffers a database of the groups that may match, in the database's order,
// in one list (libmagic ends a list's walk at the first group that matches, even one
// that names no type, and moves on to the next list: the groups must share one), and
// the named rules (its second set) as they are.
//
// What the index decides is only ever "this test cannot match"; any test it does not
// understand is kept. Text tests are always kept: libmagic runs them on the data
// converted to UTF-8, not on these bytes. A group that can reach an `indirect` test
// (directly or through the named rules it `use`s) runs libmagic's walk again on other
// bytes, so a sniff that keeps one loads the whole database instead.
#define _GNU_SOURCE
#include "CMagic.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The compiled format libmagic 5.44 reads and writes (file.h: MAGICNO, VERSIONNO 18,
// struct magic of 376 bytes); another version is refused and left to libmagic.
enum { ENTRY = 376, COMPILED_VERSION = 18 };
#define COMPILED_MAGIC 0xF11E041Cu
// Offsets in struct magic.
enum {
  F_CONT = 0, F_FLAG = 2, F_RELN = 4, F_VALLEN = 5, F_TYPE = 6, F_MASK_OP = 9, F_OFFSET = 12,
  F_MASK = 24, F_STR_RANGE = 24, F_STR_FLAGS = 28, F_VALUE = 32, VALUE_SIZE = 128
};
// struct magic's flag bits.
enum { INDIR = 0x01, OFFADD = 0x02, INDIROFFADD = 0x04, UNSIGNED = 0x08, BINTEST = 0x20, TEXTTEST = 0x40, OFFNEGATIVE = 0x80 };
// String flags that change how bytes compare (case and white space).
enum { STRING_COMPARE_FLAGS = 0x0F };
// Types (file.h FILE_*).
enum {
  T_BYTE = 1, T_SHORT = 2, T_LONG = 4, T_STRING = 5, T_BESHORT = 7, T_BELONG = 8, T_LESHORT = 10, T_LELONG = 11,
  T_SEARCH = 20, T_QUAD = 24, T_LEQUAD = 25, T_BEQUAD = 26, T_INDIRECT = 41, T_NAME = 45, T_USE = 46
};

// What a group's top-level test needs of the data.
enum {
  KEEP = 0,          // not understood: always kept
  STRING_BYTE = 1,   // this byte at the offset (bytes past the end read as 0)
  NUMBER_BYTE = 2,   // this byte under the mask at `probe`, and the whole number in the data
  SEARCHED = 3,      // the value somewhere in the window a search looks at
  UNSIGNED_ORDER = 4 // an unsigned number read there compares (< or >) with the value
};

// The index file: a header, one record per group in the database's order, the groups'
// entries (those that are always kept first, together, so that a sniff reads them from
// one stretch of the file), then the named rules behind a database header of their own.
struct index_header {
  char tag[4]; // "PBMI"
  uint32_t format;
  uint32_t rules;      // entries of the first set
  uint32_t named;      // entries of the second set
  uint32_t groups;
  uint32_t named_at;   // byte offset of the named rules' database header
  uint64_t identity[CMAGIC_INDEX_IDENTITY];
};
struct group_record {
  uint32_t at;      // byte offset of the group's entries
  uint32_t entries; // how many
  int32_t offset;   // the top-level test's offset
  int32_t probe;    // STRING_BYTE, NUMBER_BYTE: where the data must have `byte`
  uint8_t kind;
  uint8_t unsafe;   // may reach `indirect`
  uint8_t byte;
  uint8_t mask;     // NUMBER_BYTE: the bits of `byte` compared
};
enum { FORMAT = 3 };

static uint32_t u32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static int32_t i32(const unsigned char *p) { int32_t v; memcpy(&v, p, 4); return v; }
static uint64_t u64(const unsigned char *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

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

// What kind of test an entry is, for a top-level test of the first set.
static int kind_of(const unsigned char *e) {
  unsigned flag = e[F_FLAG], type = e[F_TYPE], reln = e[F_RELN];
  // Binary tests only (text tests see converted data); plain offsets from the start.
  if ((flag & (BINTEST | TEXTTEST)) != BINTEST || (flag & (INDIR | OFFADD | INDIROFFADD | OFFNEGATIVE))) return KEEP;
  if (i32(e + F_OFFSET) < 0 || e[F_VALLEN] > VALUE_SIZE) return KEEP;
  if (type == T_STRING && reln == '=' && e[F_VALLEN] >= 1) {
    unsigned first = e[F_VALUE];
    int letter = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z');
    int space = first == ' ' || (first >= '\t' && first <= '\r');
    // Case and white-space flags change only how letters and spaces compare.
    if ((u32(e + F_STR_FLAGS) & STRING_COMPARE_FLAGS) == 0 || !(letter || space)) return STRING_BYTE;
    return KEEP;
  }
  if (type == T_SEARCH && reln == '=' && e[F_VALLEN] >= 1 && (u32(e + F_STR_FLAGS) & STRING_COMPARE_FLAGS) == 0)
    return SEARCHED;
  int size = number_size(type);
  if (size == 0 || e[F_MASK_OP] != 0) return KEEP;
  uint64_t mask = u64(e + F_MASK);
  // Under an AND mask, a byte the mask keeps bits of (key_of picks it).
  if (reln == '=') return mask == 0 || (mask & (((uint64_t)1 << (8 * size - 1) << 1) - 1)) != 0 ? NUMBER_BYTE : KEEP;
  if ((reln == '<' || reln == '>') && (flag & UNSIGNED) && mask == 0) return UNSIGNED_ORDER;
  return KEEP;
}

static uint64_t read_number(const unsigned char *p, int size, int big) {
  uint64_t v = 0;
  for (int i = 0; i < size; i++) v |= (uint64_t)p[big ? i : size - 1 - i] << (8 * (size - 1 - i));
  return v;
}

// What a record needs of a top-level test of that kind: the byte and where the data must
// have it; for numbers, the byte of the number the mask keeps most bits of, and those bits.
static void key_of(const unsigned char *e, int kind, int32_t *probe, uint8_t *byte, uint8_t *mask) {
  *probe = i32(e + F_OFFSET);
  *byte = 0;
  *mask = 0xFF;
  if (kind == STRING_BYTE) *byte = e[F_VALUE];
  if (kind == NUMBER_BYTE) {
    int size = number_size(e[F_TYPE]), big = big_endian(e[F_TYPE]);
    uint64_t mask_word = u64(e + F_MASK);
    int best = 0, best_bits = -1;
    // Byte `i` of the data is byte `size - 1 - i` of a big-endian number, byte `i` of a
    // little-endian one.
    for (int i = 0; i < size; i++) {
      int position = big ? size - 1 - i : i;
      unsigned bits = mask_word == 0 ? 0xFF : (unsigned)((mask_word >> (8 * position)) & 0xFF);
      int count = __builtin_popcount(bits);
      if (count > best_bits) best = i, best_bits = count;
    }
    int position = big ? size - 1 - best : best;
    *probe += best;
    *byte = e[F_VALUE + position];
    if (mask_word != 0) *mask = (uint8_t)(mask_word >> (8 * position));
  }
}

// Whether the group's top-level test `e` may match `data`: from the record alone for
// the byte kinds (the group's rules are not read), from the test for the others.
static int may_match(const struct group_record *record, const unsigned char *e, const unsigned char *data, size_t count) {
  uint32_t offset = (uint32_t)record->offset;
  switch (record->kind) {
  case STRING_BYTE:
    // libmagic pads the data with zeros past its end for string tests.
    return (offset < count ? data[offset] : 0) == record->byte;
  case NUMBER_BYTE: {
    // A number not wholly in the data does not match.
    size_t size = (size_t)number_size(e[F_TYPE]);
    if (offset > count || size > count - offset || (uint32_t)record->probe >= count) return 0;
    return (data[(uint32_t)record->probe] & record->mask) == record->byte;
  }
  case SEARCHED: {
    size_t length = e[F_VALLEN], range = u32(e + F_STR_RANGE);
    if (offset > count || length > count - offset) return 0;
    // The starts libmagic tries: offset + 0 ..< range (all of them for range 0).
    size_t window = count - offset;
    if (range != 0 && range - 1 + length < window) window = range - 1 + length;
    return memmem(data + offset, window, e + F_VALUE, length) != NULL;
  }
  case UNSIGNED_ORDER: {
    int size = number_size(e[F_TYPE]);
    if (offset > count || (size_t)size > count - offset) return 0;
    uint64_t v = read_number(data + offset, size, big_endian(e[F_TYPE])), l = u64(e + F_VALUE);
    return e[F_RELN] == '<' ? v < l : v > l;
  }
  default:
    return 1;
  }
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

// The names of named rules (second set) that can reach `indirect`, worked out to a
// fixed point; a `use` of a name the database lacks counts as reaching it.
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

size_t cmagic_index_build(const void *database, size_t size, const uint64_t *identity, void **out) {
  const unsigned char *mgc = database;
  uint32_t rules, named;
  *out = NULL;
  if (!valid_database(mgc, size, &rules, &named)) return 0;
  const unsigned char *entries = mgc + ENTRY;
  const unsigned char *second = entries + (size_t)rules * ENTRY;
  // Named groups, for `use`.
  size_t name_count = 0;
  for (uint32_t i = 0; i < named; i++) name_count += (second[(size_t)i * ENTRY] | second[(size_t)i * ENTRY + 1]) == 0;
  struct named_group *names = calloc(name_count ? name_count : 1, sizeof *names);
  if (!names) return 0;
  size_t n = 0;
  for (uint32_t i = 0; i < named; i++) {
    const unsigned char *e = second + (size_t)i * ENTRY;
    if ((e[0] | e[1]) != 0) continue;
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
  // Groups of the first set: a top-level test and its continuations. Runs of groups
  // that are always kept share one header.
  uint32_t *starts = malloc(((size_t)rules + 1) * sizeof *starts);
  if (!starts) { free(names); return 0; }
  uint32_t groups = 0;
  for (uint32_t i = 0; i < rules; i++) {
    const unsigned char *e = entries + (size_t)i * ENTRY;
    if ((e[0] | e[1]) != 0) continue;
    if (groups > 0 && kind_of(e) == KEEP && kind_of(entries + (size_t)starts[groups - 1] * ENTRY) == KEEP) continue;
    starts[groups++] = i;
  }
  starts[groups] = rules;
  size_t table = sizeof(struct index_header) + (size_t)groups * sizeof(struct group_record);
  size_t body = align8(table);
  size_t total = body + ((size_t)rules + 1 + named) * ENTRY;
  unsigned char *index = calloc(1, total);
  if (!index) { free(starts); free(names); return 0; }
  struct index_header header = {{'P', 'B', 'M', 'I'}, FORMAT, rules, named, groups, 0, {0}};
  memcpy(header.identity, identity, sizeof header.identity);
  struct group_record *records = (struct group_record *)(index + sizeof header);
  size_t at = body;
  for (int always = 1; always >= 0; always--) {
    for (uint32_t g = 0; g < groups; g++) {
      const unsigned char *top = entries + (size_t)starts[g] * ENTRY;
      uint8_t kind = (uint8_t)kind_of(top);
      if ((kind == KEEP) != always) continue;
      uint32_t count = starts[g + 1] - starts[g];
      struct group_record record = {(uint32_t)at, count, i32(top + F_OFFSET), 0, kind,
                                    (uint8_t)uses_unsafe(entries, starts[g], starts[g + 1], names, n), 0, 0xFF};
      key_of(top, kind, &record.probe, &record.byte, &record.mask);
      memcpy(&records[g], &record, sizeof record);
      memcpy(index + at, entries + (size_t)starts[g] * ENTRY, (size_t)count * ENTRY);
      at += (size_t)count * ENTRY;
    }
  }
  header.named_at = (uint32_t)at;
  database_header(index + at, 0, named);
  memcpy(index + at + ENTRY, second, (size_t)named * ENTRY);
  memcpy(index, &header, sizeof header);
  free(starts);
  free(names);
  *out = index;
  return total;
}

int cmagic_index_check(const void *index_bytes, size_t size, const uint64_t *identity) {
  const unsigned char *index = index_bytes;
  struct index_header header;
  if (size < sizeof header) return 0;
  memcpy(&header, index, sizeof header);
  if (memcmp(header.tag, "PBMI", 4) != 0 || header.format != FORMAT) return 0;
  if (memcmp(header.identity, identity, sizeof header.identity) != 0) return 0;
  size_t table = sizeof header + (size_t)header.groups * sizeof(struct group_record);
  if (table > size || header.groups > header.rules + 1) return 0;
  // Every group lies in the stretch of rules, and they hold the first set exactly.
  size_t start = align8(table), end = start + (size_t)header.rules * ENTRY;
  if (end > size) return 0;
  uint64_t seen = 0;
  for (uint32_t g = 0; g < header.groups; g++) {
    struct group_record record;
    memcpy(&record, index + sizeof header + (size_t)g * sizeof record, sizeof record);
    if (record.entries == 0 || record.kind > UNSIGNED_ORDER || record.at < start || (record.at - start) % ENTRY != 0) return 0;
    // A number's probe lies within it (it is read only once the number is in the data).
    if (record.kind == NUMBER_BYTE && (record.offset < 0 || record.probe < record.offset || record.probe - record.offset >= 8)) return 0;
    if ((uint64_t)record.at + (uint64_t)record.entries * ENTRY > end) return 0;
    seen += record.entries;
  }
  if (seen != header.rules || header.named_at != end) return 0;
  if ((uint64_t)end + ((uint64_t)header.named + 1) * ENTRY != size) return 0;
  return u32(index + end) == COMPILED_MAGIC && u32(index + end + 8) == 0 && u32(index + end + 12) == header.named;
}

size_t cmagic_index_assemble(const void *index_bytes, const void *data, size_t count, void *out) {
  const unsigned char *index = index_bytes;
  unsigned char *rules = out;
  struct index_header header;
  memcpy(&header, index, sizeof header);
  size_t kept = 0;
  for (uint32_t g = 0; g < header.groups; g++) {
    struct group_record record;
    memcpy(&record, index + sizeof header + (size_t)g * sizeof record, sizeof record);
    const unsigned char *first = index + record.at;
    if (!may_match(&record, first, data, count)) continue;
    if (record.unsafe) return 0;
    memcpy(rules + (kept + 1) * ENTRY, first, (size_t)record.entries * ENTRY);
    kept += record.entries;
  }
  database_header(rules, (uint32_t)kept, 0);
  return (kept + 1) * ENTRY;
}

size_t cmagic_index_capacity(const void *index_bytes) {
  struct index_header header;
  memcpy(&header, index_bytes, sizeof header);
  return ((size_t)header.rules + 1) * ENTRY;
}

const void *cmagic_index_named(const void *index_bytes, size_t *size) {
  struct index_header header;
  memcpy(&header, index_bytes, sizeof header);
  *size = ((size_t)header.named + 1) * ENTRY;
  return (const unsigned char *)index_bytes + header.named_at;
}
