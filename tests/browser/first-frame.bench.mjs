// How soon the page shows its first frame (issue 9, "fast on a school network"): Chromium
// opens the built site, served gzipped from 127.0.0.1 as a static host such as GitHub Pages
// sends it, and the time from navigation start to the app's first drawn frame is printed,
// on localhost and with the DevTools protocol's network throttling at 1.6 Mbps. A measurement
// that prints figures, not a test: nothing is asserted (tests/browser/first-frame.test.mjs
// checks the bytes by the first frame against the budget).
//
//   node tests/browser/first-frame.bench.mjs [site dir] [runs]   (default: build/wasm/site, 3)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { launch } from './page.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm' };

// Every file gzipped once (level 9), as the page's transfer size is reported.
export async function serveGzipped(root) {
  const cache = new Map();
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(normalize(root + sep))) return res.writeHead(403).end();
    try {
      if (!cache.has(file)) cache.set(file, gzipSync(await readFile(file), { level: 9 }));
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Encoding': 'gzip', 'Cache-Control': 'no-store' });
      res.end(cache.get(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close(), cache };
}

// Milliseconds from navigation start to the first animation frame after the app drew its
// first frame (Module.app().frames() >= 1); the bytes the page transferred by then (the page and
// the files whose responses had ended, by the page's resource timing) and in all, the files
// by then, and how the page's second part was loaded (Module.splitLoad, web/split_loader.js).
export async function firstFrame(context, url, throttle) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: throttle.latency,
      downloadThroughput: throttle.bps / 8, uploadThroughput: throttle.bps / 8 });
  }
  const urls = new Map(), received = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    received.push({ url: urls.get(e.requestId), bytes: e.encodedDataLength });
  });
  await page.addInitScript(() => {
    const poll = () => {
      const m = globalThis.Module;
      if (m && m.app && m.app() && m.app().frames() >= 1) {
        globalThis.__firstFrame = { ms: performance.now(),
          files: performance.getEntriesByType('resource').map((e) => e.name) };
        return;
      }
      requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
  await page.goto(url);
  await page.waitForFunction(() => globalThis.__firstFrame !== undefined, null,
                             { timeout: 120000, polling: 100 });
  const first = await page.evaluate(() => globalThis.__firstFrame);
  // The page's second part (index.deferred.wasm, when the page is split) loads when the page is
  // first idle after the first frame, within 1 s: wait for it and for the network to be quiet,
  // then count everything.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(200);  // the last loadingFinished events
  const splitLoad = await page.evaluate(() => globalThis.Module?.splitLoad ?? null);
  const byThen = new Set([page.url(), url, ...first.files]);
  await page.close();
  const sum = (list) => list.reduce((n, r) => n + r.bytes, 0);
  const early = received.filter((r) => byThen.has(r.url));
  return { ms: first.ms, before: sum(early), bytes: sum(received),
           files: early.map((r) => new URL(r.url).pathname.split('/').pop() || 'index.html'),
           splitLoad };
}

async function main() {
  const SITE = resolve(process.argv[2] ?? join(ROOT, 'build/wasm/site'));
  const RUNS = Number(process.argv[3] ?? 3);
  const server = await serveGzipped(SITE);
  const browser = await launch({ width: 1280, height: 800 });
  try {
    for (const [name, throttle] of [['localhost', null],
      ['1.6 Mbps, 40 ms latency', { bps: 1.6e6, latency: 40 }]]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await firstFrame(browser.context, server.url, throttle));
      const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
      console.log(`${name}: first frame after ${ms.map((m) => m.toFixed(0)).join(', ')} ms ` +
                  `(median ${ms[Math.floor(ms.length / 2)].toFixed(0)}), ` +
                  `${runs[0].before} bytes transferred by then (${runs[0].files.join(', ')}), ` +
                  `${runs[0].bytes} in all`);
      const early = runs.find((r) => r.splitLoad && !r.splitLoad.afterFirstFrame);
      if (early) {
        console.log('  the second part was loaded before the first frame, by a call through ' +
                    `placeholder ${early.splitLoad.placeholder} ` +
                    '(tests/browser/first-frame.test.mjs names the functions)');
      }
    }
    for (const f of ['index.html', 'index.js', 'index.wasm', 'index.deferred.wasm']) {
      const gz = server.cache.get(normalize(join(SITE, f)));
      if (gz) console.log(`  ${f}: ${gz.length} bytes gzipped`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
