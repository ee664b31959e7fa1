#!/usr/bin/env bash
# Command 1: install what is missing, build the page, serve it on http://127.0.0.1:PORT/.
#   scripts/serve.sh [port]      (default 8000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
port=${1:-8000}

bash scripts/setup.sh
cmake --preset wasm >/dev/null
cmake --build --preset wasm --target kt_site
echo
echo "Knight's Tour Explorer: http://127.0.0.1:${port}/   (the static folder is build/wasm/site)"
# Python's static server, with the headers that make the page cross-origin isolated from the
# first visit (counting on threads; on a host without them the service worker adds them).
exec python3 - "$port" build/wasm/site <<'PY'
import functools, http.server, sys

class Isolated(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header('Cross-Origin-Opener-Policy', 'same-origin')
        self.send_header('Cross-Origin-Embedder-Policy', 'require-corp')
        super().end_headers()

handler = functools.partial(Isolated, directory=sys.argv[2])
http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), handler).serve_forever()
PY
