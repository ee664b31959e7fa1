// A static file server for the built site on 127.0.0.1 and a free port: just enough for the
// page (the .wasm must be served as application/wasm for streaming compilation). `prelude`:
// JavaScript run first in every HTML page served, before the page's own scripts (how a test
// watches or changes a browser that has no hook to run a script before the page's). `port`: a
// fixed one, to serve the same origin again (a service worker's caches are the origin's).
// `isolated`: every answer also carries COOP/COEP, as a host that sends them (the page is then
// cross-origin isolated from its first load).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp' };

export async function serve(root, { prelude = '', port = 0, isolated = false } = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(normalize(root + sep))) {
      res.writeHead(403).end();
      return;
    }
    try {
      let body = await readFile(file);
      if (prelude && extname(file) === '.html') {
        body = body.toString()
          .replace(/<head(\s[^>]*)?>/i, (head) => `${head}<script>${prelude}</script>`);
      }
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
                           ...(isolated ? ISOLATION : {}) });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  // close() drops the browser's open connections too: a test that goes offline means it.
  return { url: `http://127.0.0.1:${server.address().port}/`,
           close: () => { server.close(); server.closeAllConnections(); } };
}
