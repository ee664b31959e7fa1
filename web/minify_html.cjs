// Strips the page's index.html of what only its readers need ("fast on a school network"):
// shell.html's comments (HTML, its style's and its script's), and its script minified by
// terser as index.js is (web/minify_js.cjs), its top-level names kept (Module, showError: the
// page and its tests read them). 0.9 KB less gzipped, of the first frame's budget.
//
//   NODE_PATH=/usr/share/nodejs node web/minify_html.cjs build/wasm/site/index.html
'use strict';
const fs = require('fs');
const { minify } = require('terser');  // Debian: node-terser

const file = process.argv[2];
if (!file) {
  console.error('usage: node minify_html.cjs FILE.html');
  process.exit(2);
}
const html = fs.readFileSync(file, 'utf8');
// Inline scripts (no src) and styles, each handled on its own; the markup between them loses its
// comments only (its white space may be text).
const parts = html.split(/(<script>[\s\S]*?<\/script>|<style>[\s\S]*?<\/style>)/);
Promise.all(parts.map(async (part) => {
  if (part.startsWith('<script>')) {
    const code = part.slice('<script>'.length, -'</script>'.length);
    const out = await minify(code, { ecma: 2020, compress: { passes: 2 }, mangle: true,
                                     format: { ecma: 2020 } });
    return `<script>${out.code}</script>`;
  }
  if (part.startsWith('<style>')) {
    return part.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\n\s*\n/g, '\n');
  }
  return part.replace(/<!--[\s\S]*?-->\n?/g, '');
})).then((out) => {
  fs.writeFileSync(file, out.join(''));
}, (e) => {
  console.error(`minify_html: ${file}: ${e.message}`);
  process.exit(1);
});
