#!/bin/sh
# Builds and runs bench/construct_bench.cpp against the kt_core library of a native build.
#   bench/construct_bench.sh [build-dir] [rows cols]
# The build dir must hold a Release build (cmake -S . -B DIR -DCMAKE_BUILD_TYPE=Release ...).
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-/tmp/build-construct}
rows=${2:-10000}
cols=${3:-10000}
cmake --build "$build" --target kt_core -j2 >/dev/null
c++ -O2 -std=c++20 -I"$here/core" "$here/bench/construct_bench.cpp" "$build/core/libkt_core.a" \
  -o "$build/construct_bench"
"$build/construct_bench" "$rows" "$cols"
echo "--- construction and verification alone (peak memory):"
if [ -x /usr/bin/time ]; then
  /usr/bin/time -v "$build/construct_bench" "$rows" "$cols" --no-baseline 2>&1 |
    grep -E 'construct|verify|peak|Maximum resident|Elapsed'
else
  "$build/construct_bench" "$rows" "$cols" --no-baseline
fi
