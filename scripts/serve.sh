#!/usr/bin/env bash
# Command 1: install what is missing, build the page, serve it on http://127.0.0.1:PORT/.
#   scripts/serve.sh [port]      (default 8000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
port=${1:-8000}

bash scripts/setup.sh
cmake --preset wasm >/dev/null
cmake --build --preset wasm --target kt_web
echo
echo "Knight's Tour Explorer: http://127.0.0.1:${port}/   (the static folder is build/wasm/site)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory build/wasm/site
