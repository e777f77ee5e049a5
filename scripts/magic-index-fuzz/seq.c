// Runs the whole database over files in order (one cookie), prints the last answer.
#include "CMagic.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static unsigned char buf[65536];
int main(int argc, char **argv) {
  if (getenv("NOPREFILTER")) cmagic_regex_set_prefilter(0);
  magic_t c = magic_open(MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING);
  size_t limit = 65536; magic_setparam(c, MAGIC_PARAM_BYTES_MAX, &limit);
  magic_load(c, NULL);
  char line[4096]; const char *a = "";
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    FILE *f = fopen(line, "rb"); size_t n = fread(buf, 1, sizeof buf, f); fclose(f);
    a = magic_buffer(c, buf, n);
  }
  printf("%s\n", a);
}
