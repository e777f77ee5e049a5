#!/bin/sh
# Builds the release pb install.sh installs (fully static) and benchmarks it against cat.
set -eu
cd "$(dirname "$0")/.."
exec python3 bench/bench.py "$(scripts/build-release.sh)"
