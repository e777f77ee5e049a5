#!/bin/sh
# Builds the release pb that install.sh installs and bench/ measures, and prints its path.
#
# A fully static executable: no dynamic loader, no relocations, no shared libraries to
# map, which is most of a small command's start-up (a small paste or undo takes about
# 60% of the time of the same program linked dynamically). libmagic and the
# compression libraries it reads its database with come from Debian's -dev packages as
# static archives. glibc warns that NSS functions (getpwuid and friends) need its shared
# libraries at run time: pb calls none of them (see Store.homeDirectory).
# Usage: scripts/build-release.sh [SCRATCH_PATH]   (default .build)
set -eu
cd "$(dirname "$0")/.."
build_path=${1:-.build}
flags="-c release --scratch-path $build_path -Xswiftc -static-executable"
# shellcheck disable=SC2086 # the flags are words
swift build $flags --product pb >&2
# shellcheck disable=SC2086
echo "$(swift build $flags --show-bin-path)/pb"
