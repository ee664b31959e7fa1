// The page counts every directed open tour of 7x7 (165,575,218,320) by rows, as a visitor does:
// 7x7, "all open tours", Count, then waits; on the page's own thread, in the counting worker on
// the machine's threads (plain WebAssembly), and there with SIMD (Module.setCountThreads), in one run on a server that
// sends the COOP/COEP headers, then the native CLI on the same machine. Printed for each: the
// count, the seconds, the longest frame and the 95th percentile meanwhile, the page's
// WebAssembly memory at the end (on its own thread: the count's peak), and the progress every
// half minute. A measurement that prints figures, not a test: it takes minutes (the suites
// check that counts start, run where they should and stop).
//
//   node tests/browser/count-7x7.bench.mjs [site dir] [size]  (default: build/wasm/site, 7;
//   Chromium; KT_KNIGHTS: the native CLI, default build/native/cli/knights; KT_MODES: some of
//   page,threads,simd,simd1,unsaved; default page,threads,simd)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import {
  ARTIFACTS, app, clickWidget, checkEqual, exitWith, launch, nativeKnights, open, pick, reveal,
  withSite,
} from './page.mjs';

const SIZE = Number(process.argv[3] ?? 7);
const EXPECTED = { 5: '1728', 6: '6637920', 7: '165575218320' }[SIZE];
const MODES = [['page', { threads: 0 }, 'the page\'s own thread'],
  ['threads', { threads: null, simd: false }, 'the counting worker, plain'],
  ['simd', { threads: null, simd: true }, 'the counting worker, SIMD'],
  ['simd1', { threads: 1, simd: true }, 'the counting worker, SIMD, one thread'],
  ['unsaved', { threads: null, simd: true, saveAfter: 86400 }, 'the counting worker, SIMD, no saves']]
  .filter(([name]) => (process.env.KT_MODES ?? 'page,threads,simd').split(',').includes(name));

async function countInPage(url, settings, label) {
  const browser = await launch();
  try {
    const page = await open(browser.context, url);
    checkEqual(await app(page, (s) => Module.setCountThreads(s), settings), '', 'setCountThreads');
    checkEqual(await app(page, (n) => Module.app().configure(n, n, '1,1', 'auto'), SIZE), '',
               `${SIZE}x${SIZE}`);
    await pick(page, 'CountKind', 'all-open');
    await app(page, () => Module.resetFrameStats());
    await clickWidget(page, 'Count');
    const t0 = Date.now();
    let longest = 0, told = -Infinity;
    for (;;) {
      const s = await app(page, () => {
        const c = Module.app().countState();
        const f = Module.frameStats();
        return { ...c, appMaxMs: f.maxMs, p95Ms: f.p95Ms, drawn: f.drawn, frames: f.frames,
                 memory: Module.HEAP8.length,
                 where: Module.countThreads() };
      });
      longest = Math.max(longest, s.appMaxMs ?? 0);
      const seconds = (Date.now() - t0) / 1000;
      if (s.state !== 'running') {
        await reveal(page, 'Progress').catch(() => {});
        await page.screenshot({ path: join(ARTIFACTS, `bench-count-${SIZE}x${SIZE}-${label}.png`) });
        console.log(`${SIZE}x${SIZE} open tours in the page (Chromium), ${label}: counter ` +
                    `${s.counter} on ${s.threads} thread(s)${settings.threads !== 0 && s.where.simd ? ' (SIMD)' : ''}: ` +
                    `${s.state}, ${s.count} ${s.count === EXPECTED ? '(right)' : `(WRONG: ${EXPECTED})`} ` +
                    `in ${seconds.toFixed(1)} s (the page's own clock: ${s.seconds.toFixed(1)} s); ` +
                    `longest frame ${longest.toFixed(0)} ms, 95% within ${s.p95Ms.toFixed(1)} ms, ` +
                    `${s.drawn} of ${s.frames} frames drawn; ` +
                    `page memory ${(s.memory / 1e6).toFixed(0)} MB${s.error ? `; ${s.error}` : ''}`);
        return s.count === EXPECTED ? 0 : 1;
      }
      // (Read every half second, so that the time is the count's, not the next read's; told
      // every half minute.)
      if (seconds - told >= (SIZE >= 7 ? 30 : 0.5)) {
        told = seconds;
        console.log(`  ${seconds.toFixed(0)} s: ${s.joining ? 'joining the halves' :
          `row ${s.rowsDone} of ${s.rows}`}, ${(100 * s.progress).toFixed(0)}%, ` +
                    `${s.states} states, ${(s.bytes / 1e6).toFixed(0)} MB of tables`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await browser.close();
  }
}

function countNative() {
  const knights = nativeKnights();
  if (!knights) return 0;
  const t0 = Date.now();
  const r = spawnSync(knights, ['count', '--size', String(SIZE)], { encoding: 'utf8' });
  const seconds = (Date.now() - t0) / 1000;
  const count = /^(\d+) directed open tours/m.exec(r.stdout)?.[1];
  console.log(`${SIZE}x${SIZE} open tours natively (knights count --size ${SIZE}): ${count} ` +
              `${count === EXPECTED ? '(right)' : `(WRONG: ${EXPECTED})`} in ${seconds.toFixed(1)} s`);
  return count === EXPECTED ? 0 : 1;
}

await exitWith(`count-${SIZE}x${SIZE}`, () => withSite(async (url) => {
  let failed = 0;
  for (const [, settings, label] of MODES) failed += await countInPage(url, settings, label);
  return failed + countNative();
}, { isolated: true }));
