#include <libintl.h>
#include <locale.h>
#include <stdio.h>

#define _(text) gettext(text)

int main(int argc, char **argv) {
  setlocale(LC_ALL, "");
  textdomain("clip");
  if (argc < 2) {
    fprintf(stderr, _("usage: %s FILE\n"), argv[0]);
    return 64;
  }
  printf(_("Copied %s to the clipboard.\n"), argv[1]);
  return 0;
}
