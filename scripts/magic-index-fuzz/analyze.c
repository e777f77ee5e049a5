#include "../../Sources/CMagic/MagicIndex.c"
#include <stdio.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
int main(int argc, char **argv) {
  const char *db = argc > 1 ? argv[1] : "/usr/share/misc/magic.mgc";
  int fd = open(db, O_RDONLY); struct stat st; fstat(fd, &st);
  unsigned char *mgc = malloc(st.st_size); read(fd, mgc, st.st_size);
  uint32_t rules = u32(mgc + 8), named = u32(mgc + 12);
  const unsigned char *entries = mgc + ENTRY;
  int prevkind = -1; int runpos = 0;
  for (uint32_t i = 0; i < rules; i++) {
    const unsigned char *e = entries + (size_t)i * ENTRY;
    if (!is_top(e)) continue;
    int kind = kind_of(e);
    if ((kind == KEEP || kind == TEXT) && kind == prevkind) runpos++; else runpos = 0;
    prevkind = kind;
    printf("%u kind=%d run=%d flag=%02x type=%d reln=%c off=%d vallen=%d line=%u mime=%.40s desc=%.50s\n", i, kind, runpos, e[F_FLAG], e[F_TYPE], e[F_RELN] ? e[F_RELN] : '?', i32(e + F_OFFSET), e[F_VALLEN], u32(e + 20), (const char *)e + 224, (const char *)e + 160);
  }
  return 0;
}
