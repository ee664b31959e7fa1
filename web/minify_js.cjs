// Minifies the page's index.js in place with terser ("fast on a school network").
//
//   NODE_PATH=/usr/share/nodejs node web/minify_js.cjs build/wasm/site/index.js
//
// Debian's Emscripten 3.1.6 cannot run Closure, so its -Oz output is only stripped of
// whitespace: every name stays long. terser renames the locals and the file's top-level names
// (one script, so EM_JS bodies, the runtime and page.js are renamed together) and compresses
// the code: 32.8 KB -> 24.5 KB gzipped. `Module` is the page's one global (shell.html sets it,
// tests and pages read it) and keeps its name; everything else is reached through Module's
// string-keyed properties, which terser leaves alone.
'use strict';
const fs = require('fs');
const { minify } = require('terser');  // Debian: node-terser

const file = process.argv[2];
if (!file) {
  console.error('usage: node minify_js.cjs FILE.js');
  process.exit(2);
}
const code = fs.readFileSync(file, 'utf8');
// ecma 2020: every browser the page runs in (Chromium, Firefox, WebKit) reads it, and terser may
// then write arrow functions and shorter literals (about 1 KB less gzipped than ES5 output).
minify(code, {
  ecma: 2020,
  toplevel: true,
  compress: { passes: 3, ecma: 2020, arrows: true, unsafe_arrows: false },
  mangle: { reserved: ['Module'] },
  format: { ecma: 2020 },
}).then((out) => {
  fs.writeFileSync(file, out.code);
}, (e) => {
  console.error(`minify_js: ${file}: ${e.message}`);
  process.exit(1);
});
