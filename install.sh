#!/bin/sh
# Builds a release pb and installs it with its man page, its bash and zsh completions, and
# pbcopy and pbpaste: links to pb that behave as macOS's commands of those names.
#
#   ./install.sh                      installs under /usr/local
#   PREFIX=$HOME/.local ./install.sh  installs under ~/.local
#   DESTDIR=/tmp/stage ./install.sh   stages the files for a package
#   ./install.sh --uninstall          removes what it installed (same PREFIX and DESTDIR)
#
# What building and running pb needs from Debian (libmagic-dev and the other static
# archives it links, shared-mime-info) is installed first when missing; what only the
# tests need is scripts/test's: see scripts/install-dependencies.sh.
# PB_BUILD_PATH names another build folder than .build (the tests use their own).
set -eu

PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
build_path=${PB_BUILD_PATH:-.build}
cd "$(dirname "$0")"

# The files it installs, relative to $DESTDIR$PREFIX; --uninstall removes exactly these.
files="bin/pb share/man/man1/pb.1 share/bash-completion/completions/pb share/zsh/site-functions/_pb"
# Links to pb (bash-completion finds a command's completion by its name); a pbcopy or
# pbpaste of another program is neither replaced nor removed.
links="bin/pbcopy bin/pbpaste share/bash-completion/completions/pbcopy share/bash-completion/completions/pbpaste"
is_our_link() { [ -L "$1" ] && [ "$(readlink "$1")" = pb ]; }

case "${1-}" in
"") ;;
--uninstall)
  removed=0
  for file in $files; do
    path="$DESTDIR$PREFIX/$file"
    if [ -e "$path" ] || [ -L "$path" ]; then
      rm -f "$path"
      echo "removed $path"
      removed=$((removed + 1))
    fi
  done
  for link in $links; do
    path="$DESTDIR$PREFIX/$link"
    if is_our_link "$path"; then
      rm -f "$path"
      echo "removed $path"
      removed=$((removed + 1))
    fi
  done
  [ "$removed" -gt 0 ] || echo "nothing of pb is installed under $DESTDIR$PREFIX"
  exit 0
  ;;
*)
  echo "install.sh: unknown argument '$1'; use no argument to install, or --uninstall" >&2
  exit 64
  ;;
esac

scripts/install-dependencies.sh

# A fully static executable: start-up is most of a small paste (see the script).
pb=$(scripts/build-release.sh "$build_path")

install -d "$DESTDIR$PREFIX/bin" "$DESTDIR$PREFIX/share/man/man1" \
  "$DESTDIR$PREFIX/share/bash-completion/completions" "$DESTDIR$PREFIX/share/zsh/site-functions"
install -m 755 "$pb" "$DESTDIR$PREFIX/bin/pb"
install -m 644 man/pb.1 "$DESTDIR$PREFIX/share/man/man1/pb.1"
install -m 644 completions/pb.bash "$DESTDIR$PREFIX/share/bash-completion/completions/pb"
install -m 644 completions/_pb "$DESTDIR$PREFIX/share/zsh/site-functions/_pb"
for link in $links; do
  path="$DESTDIR$PREFIX/$link"
  if is_our_link "$path"; then continue; fi
  if [ -e "$path" ] || [ -L "$path" ]; then
    echo "kept $path, which is not pb's; to use pb's, replace it: ln -sf pb $path" >&2
    continue
  fi
  ln -s pb "$path"
done
echo "installed pb under $DESTDIR$PREFIX"
