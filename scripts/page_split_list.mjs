// Which functions the page's first part (index.wasm) keeps: the ones a first visit calls
// (web/CMakeLists.txt, KT_WEB_SPLIT). Everything else goes to index.deferred.wasm,
// fetched after the first frame (or when first called, if that comes sooner: then the first
// frame waits for the whole page again).
//
// One command measures the list again and splits the page with it:
//
//   node scripts/page_split_list.mjs [build dir]     (default build/wasm)
//
// It builds kt_web, opens the profiling build of the page (every function counts its first
// call) in Chromium and records each first frame of FIRST_FRAMES (the page as it opens on a
// desktop, on a phone, embedded in a course page), and with --with-visit a typical visit too
// (Run on the default board, Pause, Step, a click on a square, Reset). wasm-split names the functions that ran; they
// go, one a line, to web/page_start_funcs.txt, and the site is built again to split with them
// (kt_site: the page, and the service worker's list of the files' hashes, which must follow).
// tests/browser/first-frame.test.mjs uses the same first frames to check that the list is not
// stale.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { clickSquare, frames, launch, open, ROOT } from '../tests/browser/page.mjs';
import { serve } from '../tests/browser/server.mjs';
import { stableName } from '../web/split_keep.mjs';

export const LIST = join(ROOT, 'web/page_start_funcs.txt');
export const REGENERATE = 'node scripts/page_split_list.mjs';

// The first frames the first part must draw on its own: [name, launch options, query].
export const FIRST_FRAMES = [
  ['desktop', { width: 1280, height: 800 }, ''],
  ['phone', { width: 390, height: 844, deviceScaleFactor: 2, hasTouch: true }, ''],
  ['embedded', { width: 640, height: 480 }, '?embed=1'],
];

export function readList(file = LIST) {
  return new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean).map(stableName));
}

// In the page: the profile so far (wasm-split's format), written into the wasm memory at 0 and
// read back, the bytes there restored, so the page runs on untouched.
function takeProfile() {
  const size = 1 << 20;
  const saved = Module.HEAPU8.slice(0, size);
  const n = Module.asm.__write_profile(0, size);
  if (n > size) throw new Error(`the profile needs ${n} bytes`);
  const profile = Array.from(Module.HEAPU8.subarray(0, n));
  Module.HEAPU8.set(saved, 0);
  return profile;
}

// In the page, before its scripts: at the first animation frame after the app drew its first
// frame (as first-frame.bench.mjs times it), the profile goes to globalThis.__firstFrameProfile.
function profileFirstFrame(take) {
  const poll = () => {
    const m = globalThis.Module;
    if (m && m.app && m.app() && m.app().frames() >= 1) {
      globalThis.__firstFrameProfile = take();
      return;
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

// The profiling build of the page (build/split/index.profiling.wasm as index.wasm), served from a
// scratch folder while body(url) runs.
export async function withProfilingSite(build, body) {
  const work = mkdtempSync(join(tmpdir(), 'kt-split-'));
  // index.deferred.wasm too, which the loader fetches after the first frame: it does not fit the
  // profiling build, and the loader drops the instance that fails to link.
  for (const f of ['index.html', 'index.js', 'index.deferred.wasm']) {
    copyFileSync(join(build, 'site', f), join(work, f));
  }
  copyFileSync(join(build, 'split/index.profiling.wasm'), join(work, 'index.wasm'));
  const server = await serve(work);
  try {
    return await body(server.url, work);
  } finally {
    server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

// The functions a profile saw run, sorted, as wasm-split names them (-v prints them on one
// line, commas inside names escaped as \2c), a numbered copy by its name alone (stableName).
export function functionsRun(build, profile, work) {
  const file = join(work, `run-${Date.now()}-${Math.random().toString(36).slice(2)}.prof`);
  writeFileSync(file, Buffer.from(profile));
  const log = execFileSync('wasm-split', [join(build, 'split/index.whole.wasm'),
    '--enable-mutable-globals', '--export-prefix=%', `--profile=${file}`,
    '-o1', join(work, 'a.wasm'), '-o2', join(work, 'b.wasm'), '-v'], { encoding: 'utf8' });
  const line = log.split('\n').find((l) => l.startsWith('Keeping functions: '));
  if (!line) throw new Error('wasm-split printed no "Keeping functions" line');
  const names = line.slice('Keeping functions: '.length).split(', ').filter(Boolean);
  return [...new Set(names.map(stableName))].sort();
}

// The functions that ran by the first frame of FIRST_FRAMES entry `frame`, on the profiling site.
export async function firstFrameFunctions(build, url, work, [, options, query]) {
  const browser = await launch(options);
  try {
    const page = await browser.context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
    await page.addInitScript({ content: `(${profileFirstFrame})(${takeProfile});` });
    await page.goto(url + query);
    await page.waitForFunction(() => globalThis.__firstFrameProfile !== undefined, null,
                               { timeout: 60000, polling: 50 });
    if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);
    return functionsRun(build, await page.evaluate(() => globalThis.__firstFrameProfile), work);
  } finally {
    await browser.close();
  }
}

// `n` frames, a few at a time (page.mjs's frames() allows 10 s a call; the profiling build on a
// busy machine can draw fewer than 40 frames in that).
async function manyFrames(page, n) {
  for (let i = 0; i < n; i += 5) await frames(page, 5);
}

// The functions a typical first visit runs (on a desktop).
async function visitFunctions(build, url, work) {
  const browser = await launch();
  try {
    const page = await open(browser.context, url);
    await frames(page, 5);
    await page.evaluate(() => Module.app().run());
    await manyFrames(page, 40);
    await page.evaluate(() => Module.app().pause());
    await page.evaluate(() => Module.app().step());
    await clickSquare(page, 1, 1);
    await frames(page, 3);
    await page.evaluate(() => Module.app().reset());
    await frames(page, 3);
    if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);
    return functionsRun(build, await page.evaluate(takeProfile), work);
  } finally {
    await browser.close();
  }
}

async function main() {
  const build = resolve(process.argv[2] ?? join(ROOT, 'build/wasm'));
  const buildPage = () => execFileSync('cmake', ['--build', build, '--target', 'kt_web'],
                                       { stdio: 'inherit' });
  buildPage();
  const names = new Set();
  await withProfilingSite(build, async (url, work) => {
    for (const frame of FIRST_FRAMES) {
      const run = await firstFrameFunctions(build, url, work, frame);
      console.log(`first frame (${frame[0]}): ${run.length} functions`);
      run.forEach((n) => names.add(n));
    }
    // A visit's first clicks (Run, Step, ...) are left to the second part, fetched as soon as the
    // first frame is up: listing them would put about 15 KB more before the first frame.
    if (process.argv.includes('--with-visit')) {
      const visit = await visitFunctions(build, url, work);
      console.log(`visit: ${visit.length} functions`);
      visit.forEach((n) => names.add(n));
    }
  });
  const old = readList();
  const sorted = [...names].sort();
  writeFileSync(LIST, sorted.join('\n') + '\n');
  const added = sorted.filter((n) => !old.has(n)).length;
  const dropped = [...old].filter((n) => !names.has(n)).length;
  console.log(`${LIST}: ${sorted.length} functions (${added} new, ${dropped} dropped)`);
  // Split again with the new list, and write sw.js for the page as it now is: a stale list of
  // hashes makes the service worker refuse the release (browser.offline fails at once).
  execFileSync('cmake', ['--build', build, '--target', 'kt_site'], { stdio: 'inherit' });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
