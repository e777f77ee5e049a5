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
# The build's arguments are the positional parameters, so that paths keep their spaces.
set -- -c release --scratch-path "$build_path" -Xswiftc -static-executable
# Concrete generic types (an array of pb's own structs) get their metadata through
# direct accessors rather than by demangling their names at first use: ~40 such types
# cost a copy 0.25 M instructions of demangling, 8% of a copy -t.
set -- "$@" -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# The functions and variables the everyday commands use, laid out next to each other
# (scripts/pb.order, written by scripts/make-link-order.py): the kernel maps the text in
# 64 KiB at a time and the variables a page at a time, a page fault each (~2 us here), and
# a small copy had ~110 of the first and ~70 of the second. Each function in a section of
# its own so that the linker can move it; lld, whose ordering works by symbol. Segments
# aligned to 2 MiB, so that where the page cache holds pb in 2 MiB folios (a file written
# in 2 MiB blocks) they line up with the mapping.
set -- "$@" -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xswiftc -use-ld=lld
set -- "$@" -Xlinker "--symbol-ordering-file=$(pwd)/scripts/pb.order" -Xlinker --no-warn-symbol-ordering
set -- "$@" -Xlinker -z -Xlinker max-page-size=2097152
bin_path=$(swift build "$@" --show-bin-path)
# The build does not know the order as an input of the link: a newer order relinks.
if [ -e "$bin_path/pb" ] && [ scripts/pb.order -nt "$bin_path/pb" ]; then rm -f "$bin_path/pb"; fi

# glibc's warnings about its functions that load shared libraries in a static link (user
# and host lookups, dlopen: pb never looks up a user, and only an X display on another
# host has libxcb look up its name) are gold's; lld does not print them.
swift build "$@" --product pb >&2
echo "$bin_path/pb"
