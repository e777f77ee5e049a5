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
# The functions and variables the everyday commands use, laid out next to each other: the
# kernel maps the text in 64 KiB at a time and the variables a page at a time, a page fault
# each. Each function in a section of its own so that the linker can move it; lld, whose
# ordering works by symbol. Segments aligned to 2 MiB, so that where the page cache holds
# pb in 2 MiB folios (a file written in 2 MiB blocks) they line up with the mapping.
set -- "$@" -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xswiftc -use-ld=lld
set -- "$@" -Xlinker -z -Xlinker max-page-size=2097152
bin_path=$(swift build "$@" --show-bin-path)
swift build "$@" --product pb >&2

# The order is made from the binary just linked in no order (scripts/make-link-order.py runs
# the everyday commands under valgrind, about two minutes), and kept beside it with that
# binary's checksum: a build whose code did not change links the same binary and reuses it,
# and an order never outlives the code it was made from. It pays its way (1,500 runs of
# each, interleaved, on a loaded 2-core machine; bench/'s PB_BENCH=startup against a pb
# linked in no order): a small pb paste takes 115 page faults instead of 199, 0.87 ms
# instead of 1.03 (the best tenth of runs; 16%); a sniffed pb copy 224 instead of 299, 3.00
# ms instead of 3.40 (12%). Without valgrind pb is linked in no order, and so with
# PB_LINK_ORDER=none (a build that is only tested, as install.sh's test does: the order is
# minutes of profiling on a loaded machine).
order="$build_path/pb.order"
unordered=$(sha256sum < "$bin_path/pb")
if [ "${PB_LINK_ORDER:-}" = none ]; then
  rm -f "$order" "$order.sum"
elif [ ! -e "$order" ] || [ "$(cat "$order.sum" 2>/dev/null)" != "$unordered" ]; then
  rm -f "$order" "$order.sum"
  if ! command -v valgrind > /dev/null; then
    echo "build-release.sh: valgrind is missing (apt-get install valgrind): pb is linked in no order, its start-up slower" >&2
  elif python3 scripts/make-link-order.py "$bin_path/pb" "$order" >&2; then
    echo "$unordered" > "$order.sum"
  else
    rm -f "$order"
    echo "build-release.sh: no link order could be made: pb is linked in no order, its start-up slower" >&2
  fi
fi
# The build does not know the order as an input of the link: the unordered link above
# (other flags) has the ordered one made anew each time.
if [ -e "$order" ]; then
  swift build "$@" -Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering --product pb >&2
fi

# glibc's warnings about its functions that load shared libraries in a static link (user
# and host lookups, dlopen: pb never looks up a user, and only an X display on another
# host has libxcb look up its name) are gold's; lld does not print them.
echo "$bin_path/pb"
