#!/usr/bin/env bash
# Command 2: install what is missing and run the tests, each preset through ctest. Exits
# non-zero when any test fails.
#   scripts/test.sh          every test: native Release (all Catch2 cases, the slow ones too,
#                            the knights tool, clang-format); clang with AddressSanitizer,
#                            UndefinedBehaviorSanitizer and the KT_ASSERT preconditions (the
#                            tests, not the benchmarks; no [slow] cases) and, in the same build,
#                            each libFuzzer target for 15 s; WebAssembly under node and the
#                            page in Chromium, Firefox and WebKit
#   scripts/test.sh --quick  native Release only, without the [slow] cases (a few minutes)
# Labels pick parts by hand: ctest --preset native -L quick | -L slow | -L cli | -LE slow ...
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac

# The native part of the set-up first; the rest (Emscripten, clang, the browsers: most of a bare
# machine's downloads and unpacking) installs while the native build and tests run.
bash scripts/setup.sh --native
rest_log=""
if [[ $quick -eq 0 ]]; then
  mkdir -p build
  rest_log=build/setup.log
  bash scripts/setup.sh > "$rest_log" 2>&1 &
  rest_pid=$!
fi
jobs=$(nproc)
failed=()
run() {  # run <name> <configure preset> <build preset> <test preset>
  local name=$1 configure=$2 build=$3 test=$4 start=$SECONDS
  echo "=== $name"
  cmake --preset "$configure" >/dev/null
  if ! cmake --build --preset "$build" -j "$jobs"; then
    failed+=("$name (build)")
    return
  fi
  if ! ctest --preset "$test" -j "$jobs" --output-on-failure; then failed+=("$name"); fi
  echo "=== $name: $((SECONDS - start)) s"
}
if [[ $quick -eq 1 ]]; then
  run "native (quick: no [slow] cases)" native quick quick
else
  run "native" native native native
  if ! wait "$rest_pid"; then
    cat "$rest_log"
    echo "FAILED: the set-up (scripts/setup.sh; its output above)"
    exit 1
  fi
  grep -E '^\[setup\] (apt-get install|done)' "$rest_log" || true
  run "native, address + undefined sanitizers, preconditions, fuzzing (clang)" native-asan native-asan native-asan
  run "WebAssembly (node) and the page (Chromium, Firefox, WebKit)" wasm wasm wasm
fi

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
if [[ $quick -eq 1 ]]; then
  echo "quick tests passed in $SECONDS s (native; scripts/test.sh runs them all)"
else
  echo "all tests passed in $SECONDS s: native, sanitizers and fuzzing, WebAssembly and browsers"
fi
