// Differential harness: libmagic with the whole database vs with the rules
// cmagic_index_assemble picks. Reads file paths from stdin (or generates inputs),
// prints every input whose answers differ, and saves it under out/.
#define _GNU_SOURCE
#include "CMagic.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/mman.h>

static void *index_bytes; static size_t index_size;
static magic_t whole, picked;
static unsigned char *rules;
static long compared, differed, wholeloads;
static int flags;
static const char *outdir = "out";

static magic_t open_cookie(void) {
  magic_t c = magic_open(flags);
  size_t limit = 65536;
  magic_setparam(c, MAGIC_PARAM_BYTES_MAX, &limit);
  return c;
}

static void compare(const unsigned char *data, size_t count, const char *label) {
  if (count == 0) return;
  compared++;
  int loaded = cmagic_index_load(picked, index_bytes, data, count, rules);
  if (loaded == 1) { wholeloads++; return; }
  if (loaded != 0) { printf("LOADFAIL %s: %s\n", label, magic_error(picked)); return; }
  if (getenv("DUMP")) { char p[600]; snprintf(p, sizeof p, "%s/%08ld", getenv("DUMP"), compared); FILE *f = fopen(p, "wb"); fwrite(data, 1, count, f); fclose(f); if (getenv("STOPAT") && compared >= atol(getenv("STOPAT"))) exit(0); }
  const char *a = magic_buffer(whole, data, count);
  char *wa = strdup(a ? a : "(null)");
  const char *b = magic_buffer(picked, data, count);
  if (strcmp(wa, b ? b : "(null)") != 0) {
    differed++;
    char path[512]; snprintf(path, sizeof path, "%s/diff-%ld.bin", outdir, differed);
    FILE *f = fopen(path, "wb"); fwrite(data, 1, count, f); fclose(f);
    printf("DIFF %s (%zu bytes) -> %s\n  whole:  %s\n  index:  %s\n", label, count, path, wa, b ? b : "(null)");
    fflush(stdout);
  }
  free(wa);
}

static unsigned long long rng = 88172645463325252ULL;
static unsigned long long next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static unsigned char buf[65536 + 64], mut[65536 + 64];

static void mutations(const unsigned char *data, size_t count, const char *label, int rounds) {
  char l[600];
  for (int r = 0; r < rounds; r++) {
    size_t c = count;
    memcpy(mut, data, c);
    int kind = next() % 8;
    if (kind <= 2 && c > 0) { // flip bytes in first 64
      int k = 1 + next() % 4;
      for (int i = 0; i < k; i++) { size_t at = next() % (c < 64 ? c : 64); mut[at] = kind == 0 ? next() : mut[at] ^ (1 << (next() % 8)); }
    } else if (kind == 3) { // truncate short
      c = 1 + next() % (c < 80 ? c : 80);
    } else if (kind == 4 && c > 1) { // truncate anywhere
      c = 1 + next() % c;
    } else if (kind == 5 && c > 0) { // insert byte in first 64
      size_t at = next() % (c < 64 ? c : 64);
      if (c < 65536) { memmove(mut + at + 1, mut + at, c - at); mut[at] = next(); c++; }
    } else if (kind == 6 && c > 1) { // delete byte in first 64
      size_t at = next() % (c < 64 ? c : 64);
      memmove(mut + at, mut + at + 1, c - at - 1); c--;
    } else { // set a byte anywhere to special value
      if (c > 0) { size_t at = next() % c; static const unsigned char v[] = {0, 0xff, 0x7f, 0x80, '\n', '\r', 0x1b, 0xfe, 0xef, 0xbb, 0xbf}; mut[at] = v[next() % sizeof v]; }
    }
    snprintf(l, sizeof l, "%s#m%d", label, r);
    compare(mut, c, l);
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "files";
  int rounds = argc > 2 ? atoi(argv[2]) : 0;
  if (argc > 3) flags = (int)strtol(argv[3], 0, 0); else flags = MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING;
  if (argc > 4) rng ^= strtoull(argv[4], 0, 0) * 0x9E3779B97F4A7C15ULL;
  if (getenv("OUTDIR")) outdir = getenv("OUTDIR");
  mkdir(outdir, 0755);
  const char *db = getenv("DB") ? getenv("DB") : "/usr/share/misc/magic.mgc";
  int fd = open(db, O_RDONLY); struct stat st; fstat(fd, &st);
  void *mgc = malloc(st.st_size); read(fd, mgc, st.st_size); close(fd);
  uint64_t id[CMAGIC_INDEX_IDENTITY] = {0};
  index_size = cmagic_index_build(mgc, st.st_size, id, &index_bytes);
  if (!index_size || cmagic_index_check(index_bytes, index_size, id) != 1) { fprintf(stderr, "build failed\n"); return 1; }
  rules = malloc(cmagic_index_capacity(index_bytes));
  whole = open_cookie(); if (magic_load(whole, db) != 0) { fprintf(stderr, "load %s\n", magic_error(whole)); return 1; }
  picked = open_cookie();
  if (!strcmp(mode, "files")) {
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
      line[strcspn(line, "\n")] = 0;
      int f = open(line, O_RDONLY | O_NONBLOCK); if (f < 0) continue;
      ssize_t got = 0, r;
      while (got < 65536 && (r = read(f, buf + got, 65536 - got)) > 0) got += r;
      close(f);
      if (got <= 0) continue;
      compare(buf, got, line);
      // Heads of various sizes.
      static const size_t cuts[] = {1, 2, 3, 4, 5, 8, 16, 64, 512, 4096};
      char l[4200];
      for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) if (cuts[i] < (size_t)got) { snprintf(l, sizeof l, "%s#cut%zu", line, cuts[i]); compare(buf, cuts[i], l); }
      if (rounds) mutations(buf, got, line, rounds);
    }

  } else if (!strcmp(mode, "rules")) {
    // Inputs made from each top-level test: its value at its offset on various backgrounds.
    int mfd = open(db, O_RDONLY); struct stat ms; fstat(mfd, &ms);
    unsigned char *m = malloc(ms.st_size); read(mfd, m, ms.st_size); close(mfd);
    uint32_t nrules; memcpy(&nrules, m + 8, 4);
    char l[128];
    for (int round = 0; round < (rounds ? rounds : 1); round++)
    for (uint32_t i = 0; i < nrules; i++) {
      unsigned char *e = m + 376 + (size_t)i * 376;
      if (e[0] | e[1]) continue;
      int32_t off; memcpy(&off, e + 12, 4);
      if (off < 0 || off > 60000) off = next() % 64;
      unsigned type = e[6], vallen = e[5] > 128 ? 128 : e[5];
      int size = type == 1 ? 1 : (type == 2 || type == 7 || type == 10) ? 2 : (type == 4 || type == 8 || type == 11) ? 4 : (type >= 24 && type <= 26) ? 8 : 0;
      int big = type == 7 || type == 8 || type == 26;
      size_t c = off + (size ? size : vallen) + (next() % 3 == 0 ? 0 : next() % 4096);
      if (c > 65536) c = 65536;
      if (c == 0) c = 1;
      int bg = next() % 4;
      for (size_t j = 0; j < c; j++) { unsigned long long x = next(); buf[j] = bg == 0 ? 0 : bg == 1 ? x : bg == 2 ? 0x20 + x % 95 : "ab \n"[x % 4]; }
      if (size) {
        uint64_t v; memcpy(&v, e + 32, 8);
        uint64_t mask; memcpy(&mask, e + 24, 8);
        if (mask && e[9] == 0 && next() % 2) v = (v & mask) | (next() & ~mask);
        if (e[4] == '<' && v > 0) v -= 1 + next() % 3; else if (e[4] == '>') v += 1 + next() % 3;
        for (int k = 0; k < size && off + k < (int)c; k++) buf[off + k] = big ? v >> (8 * (size - 1 - k)) : v >> (8 * k);
      } else if (vallen && (type == 5 || type == 20 || type == 17 || type == 13)) {
        size_t at = off;
        if (type == 20) { uint32_t range; memcpy(&range, e + 24, 4); if (range) at += next() % (range > 256 ? 256 : range); else at += next() % 64; }
        for (unsigned k = 0; k < vallen && at + k < c; k++) buf[at + k] = e[32 + k];
      }
      int post = next() % 6;
      if (post == 0 && c > 1) c = 1 + next() % c;
      else if (post == 1) buf[next() % c] ^= 1 << (next() % 8);
      snprintf(l, sizeof l, "rule#%u.%d", i, round);
      compare(buf, c, l);
    }
  } else if (!strcmp(mode, "random")) {
    char l[64];
    for (int i = 0; i < rounds; i++) {
      size_t c = next() % 5 == 0 ? 1 + next() % 8 : 1 + next() % 2048;
      int style = next() % 4;
      for (size_t j = 0; j < c; j++) {
        unsigned long long x = next();
        buf[j] = style == 0 ? x : style == 1 ? (x % 10 == 0 ? x >> 8 : 0x20 + (x >> 8) % 95) : style == 2 ? (x % 3 ? 0 : x >> 8) : (x % 7 == 0 ? (x >> 8) % 32 : 0x20 + (x >> 8) % 95);
      }
      snprintf(l, sizeof l, "random#%d", i);
      compare(buf, c, l);
    }
  }
  fprintf(stderr, "compared %ld, differed %ld, whole-database loads %ld\n", compared, differed, wholeloads);
  return 0;
}
