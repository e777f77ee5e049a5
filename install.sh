#!/bin/sh
# Builds a release pb and installs it with its man page and its bash and zsh completions.
#
#   ./install.sh                      installs under /usr/local
#   PREFIX=$HOME/.local ./install.sh  installs under ~/.local
#   DESTDIR=/tmp/stage ./install.sh   stages the files for a package
#   ./install.sh --uninstall          removes what it installed (same PREFIX and DESTDIR)
#
# What the build and the tests need from Debian (libmagic-dev, and mandoc, zsh and a few
# more for the tests) is installed first when missing: see scripts/install-dependencies.sh.
# PB_BUILD_PATH names another build folder than .build (the tests use their own).
set -eu

PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
build_path=${PB_BUILD_PATH:-.build}
cd "$(dirname "$0")"

# The files it installs, relative to $DESTDIR$PREFIX; --uninstall removes exactly these.
files="bin/pb share/man/man1/pb.1 share/bash-completion/completions/pb share/zsh/site-functions/_pb"

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
echo "installed pb under $DESTDIR$PREFIX"
