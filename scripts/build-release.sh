#!/bin/sh
# Builds the release pb that install.sh installs and bench/ measures, and prints its path.
#
# A fully static executable: no dynamic loader, no relocations, no shared libraries to
# map, which is most of a small command's start-up (a small paste or undo takes about
# 60% of the time of the same program linked dynamically). libmagic and the
# compression libraries it reads its database with come from Debian's -dev packages as
# static archives.
# Usage: scripts/build-release.sh [SCRATCH_PATH]   (default .build)
set -eu
cd "$(dirname "$0")/.."
build_path=${1:-.build}
# Concrete generic types (an array of pb's own structs) get their metadata through
# direct accessors rather than by demangling their names at first use: ~40 such types
# cost a copy 0.25 M instructions of demangling, 8% of a copy -t.
flags="-c release --scratch-path $build_path -Xswiftc -static-executable"
flags="$flags -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors"

# The static link makes glibc warn about every function of its own that would load a
# shared library at run time (user, group and host lookups, dlopen) and about mktemp,
# all from the Swift runtime and libxcb. They say nothing about pb, so they are summed
# up in one line; everything else the build prints is shown as it comes.
status_file=$(mktemp)
trap 'rm -f "$status_file" "$status_file.warned"' EXIT
{
  # shellcheck disable=SC2086 # the flags are words
  swift build $flags --product pb 2>&1
  echo $? >"$status_file"
} | while IFS= read -r line; do
  case "$line" in
  *"in statically linked applications requires at runtime"* | *"the use of \`mktemp' is dangerous"*)
    : >"$status_file.warned" ;;
  *) printf '%s\n' "$line" ;;
  esac
done >&2
status=$(cat "$status_file")
[ "$status" -eq 0 ] || exit "$status"
if [ -e "$status_file.warned" ]; then
  echo "note: glibc's static-link warnings are left out: pb never looks up a user or group (\$HOME is enough) and makes no temporary file; only an X display on another host (DISPLAY=host:0) has libxcb resolve its name through glibc's NSS, which then needs this machine's glibc" >&2
fi
# shellcheck disable=SC2086
echo "$(swift build $flags --show-bin-path)/pb"
