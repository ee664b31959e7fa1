#!/usr/bin/env bash
# Benchmarks, natively and in WebAssembly under node, each against a baseline run in the same
# process, then one table; then the page's first frame in Chromium (tests/browser/
# first-frame.bench.mjs: the time on localhost and at 1.6 Mbps + 40 ms, the bytes by the first
# frame and in all), and 7x7's open tours counted in the page's counting worker, plain and with
# SIMD, against the native CLI in the same run (tests/browser/count-7x7.bench.mjs: about three
# minutes), and again at a memory limit of 600 MB, its states past it in the browser's storage,
# against the CLI's disk path (tests/browser/count-on-storage.bench.mjs: about two minutes; its
# header says how to count 8x8's closed tours so); then the Run's long parts (a 10^8-square
# construction, a long search) in the page's worker and on its thread, against the CLI
# (tests/browser/run-elsewhere.bench.mjs: about a minute). Not a test: it prints figures.
#   scripts/bench.sh          (takes a few minutes: the textbook's 8x8 tree has 430 million moves)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh >/dev/null
for preset in native wasm; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" --target knights textbook_bench construct_bench count_bench strip_bench billion_bench frontier_bench repair_bench \
    2>/dev/null || cmake --build --preset "$preset" --target textbook_bench construct_bench count_bench strip_bench billion_bench frontier_bench repair_bench
done
cmake --build --preset wasm --target kt_site
python3 scripts/bench_table.py
echo "$ node tests/browser/first-frame.bench.mjs build/wasm/site 3"
node tests/browser/first-frame.bench.mjs build/wasm/site 3
echo "$ KT_MODES=threads,simd node tests/browser/count-7x7.bench.mjs build/wasm/site"
KT_MODES=threads,simd node tests/browser/count-7x7.bench.mjs build/wasm/site
echo "$ node tests/browser/count-on-storage.bench.mjs build/wasm/site 7 7 open 600"
node tests/browser/count-on-storage.bench.mjs build/wasm/site 7 7 open 600
echo "$ node tests/browser/run-elsewhere.bench.mjs build/wasm/site"
node tests/browser/run-elsewhere.bench.mjs build/wasm/site
