#!/usr/bin/env bash
# Command 2: install what is missing and run every test: native (Catch2 + CLI), native under
# AddressSanitizer and UndefinedBehaviorSanitizer, WebAssembly under node, and the page in real
# Chromium, then each libFuzzer target for about 30 s. Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
jobs=$(nproc)
failed=()
run() {  # run <name> <configure preset>: configure, build, ctest
  local name=$1 preset=$2
  echo "=== $name"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  if ! ctest --preset "$preset" -j "$jobs" --output-on-failure; then failed+=("$name"); fi
}
run "native" native
run "native, address + undefined sanitizers" native-asan
run "WebAssembly (node) and browser (Chromium)" wasm
run "fuzzing (libFuzzer, clang, address + undefined sanitizers)" fuzz

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all tests passed: native, sanitizers, WebAssembly, browser"
