#!/bin/sh
# Builds a release pb (as install.sh does) and benchmarks it against cat.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product pb >&2
exec python3 bench/bench.py "$(swift build -c release --static-swift-stdlib --show-bin-path)/pb"
