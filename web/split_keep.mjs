// The functions of this link that web/page_start_funcs.txt keeps in the page's first part, as
// wasm-split's --keep-funcs wants them (web/CMakeLists.txt, KT_WEB_SPLIT):
//
//   node web/split_keep.mjs index.whole.wasm page_start_funcs.txt keep.txt
//
// A name the link holds more than once (ImGui's static inline ImQsort, one copy per file) gets a
// number, "ImQsort(...) (.2209)", that changes with any change elsewhere in the page; a list
// with the numbers went stale at the next link and the first frame then loaded the whole page.
// So the list holds such names without the number (stableName) and every numbered copy here is
// kept. Names the link no longer has are left out (binaryen's wasm-opt --print-function-map
// names the functions, escaped as wasm-split escapes them).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// "name\20\28.123\29" (binaryen's escaped "name (.123)") -> "name".
export function stableName(name) {
  return name.replace(/\\20\\28\.\d+\\29$/, '');
}

export function functionNames(wasm) {
  const map = execFileSync('wasm-opt', [wasm, '--print-function-map'], {
    encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  return map.split('\n').filter(Boolean).map((l) => l.slice(l.indexOf(':') + 1));
}

function main([wasm, list, out]) {
  if (!out) throw new Error('usage: node web/split_keep.mjs WHOLE.wasm LIST OUT');
  const wanted = new Set(readFileSync(list, 'utf8').split('\n').filter(Boolean).map(stableName));
  const keep = [...new Set(functionNames(wasm))].filter((n) => wanted.has(stableName(n)));
  writeFileSync(out, keep.join('\n') + '\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
