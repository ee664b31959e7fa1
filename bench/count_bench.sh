#!/bin/sh
# Builds and runs bench/count_bench.cpp against the kt_core library of a native build.
#   bench/count_bench.sh [build-dir] [threads] [runs]
# The build dir must hold a Release build (cmake -S . -B DIR -DCMAKE_BUILD_TYPE=Release ...).
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-/tmp/build-count}
threads=${2:-2}
runs=${3:-3}
cmake --build "$build" --target kt_core -j2 >/dev/null
c++ -O2 -std=c++20 -pthread -I"$here/core" "$here/bench/count_bench.cpp" \
  "$build/core/libkt_core.a" -o "$build/count_bench"
"$build/count_bench" "$threads" "$runs"
