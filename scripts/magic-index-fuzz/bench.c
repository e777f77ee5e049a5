// One process's cost of getting the index ready and assembling one sniff's rules, with
// the index mapped (as pb does) or read into private memory (immune to truncation).
// Usage: bench map|read|readtouched INDEX HEADFILE
#define _GNU_SOURCE
#include "CMagic.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
int main(int argc, char **argv) {
  int fd = open(argv[2], O_RDONLY); struct stat st; fstat(fd, &st);
  const unsigned char *ix;
  if (!strcmp(argv[1], "map")) ix = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  else { unsigned char *p = malloc(st.st_size); size_t got = 0; ssize_t r; while (got < (size_t)st.st_size && (r = read(fd, p + got, st.st_size - got)) > 0) got += r; ix = p; }
  close(fd);
  uint64_t id[7]; memcpy(id, ix + 32, sizeof id);
  if (cmagic_index_check(ix, st.st_size, id) != 1) return 2;
  unsigned char head[65536]; int h = open(argv[3], O_RDONLY); ssize_t n = read(h, head, sizeof head); close(h);
  void *rules = malloc(cmagic_index_capacity(ix)); const void *texts; size_t ts;
  size_t size = cmagic_index_assemble(ix, head, n, rules, &texts, &ts);
  // libmagic's binary pass reads each entry of the text list (to skip it).
  volatile unsigned sum = 0;
  if (texts) for (size_t i = 0; i < ts; i += 376) sum += ((const unsigned char *)texts)[i + 2];
  printf("%zu %zu %u\n", size, ts, sum);
  return 0;
}
