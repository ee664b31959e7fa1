// The page counts every directed open tour of 7x7 (165,575,218,320) by rows, as a visitor does:
// 7x7, "all open tours", Count, then waits. Printed: the count, the seconds, the page's
// WebAssembly memory at the end (it only grows: its peak), the longest frame meanwhile, and the
// progress every half minute. A measurement that prints figures, not a test: it takes minutes
// (the test suite checks that the count starts, runs by rows and stops).
//
//   node tests/browser/count-7x7.bench.mjs [site dir]   (default: build/wasm/site; Chromium)
import { join } from 'node:path';

import {
  ARTIFACTS, app, checkEqual, clickWidget, exitWith, launch, open, pick, reveal, withSite,
} from './page.mjs';

const EXPECTED = '165575218320';

await exitWith('count-7x7', () => withSite(async (url) => {
  const browser = await launch();
  try {
    const page = await open(browser.context, url);
    checkEqual(await app(page, () => Module.app().configure(7, 7, '1,1', 'auto')), '', '7x7');
    await pick(page, 'CountKind', 'all-open');
    await clickWidget(page, 'Count');
    const t0 = Date.now();
    let longest = 0;
    for (;;) {
      const s = await app(page, () => {
        const c = Module.app().countState();
        const f = Module.frameStats();
        return { ...c, appMaxMs: f.maxMs, memory: Module.HEAP8.length };
      });
      longest = Math.max(longest, s.appMaxMs ?? 0);
      const seconds = (Date.now() - t0) / 1000;
      if (s.state !== 'running') {
        await reveal(page, 'Progress').catch(() => {});
        await page.screenshot({ path: join(ARTIFACTS, 'bench-count-7x7-done.png') });
        console.log(`7x7 open tours in the page (Chromium, counter ${s.counter}): ${s.state}, ` +
                    `${s.count} ${s.count === EXPECTED ? '(right)' : `(WRONG: ${EXPECTED})`} ` +
                    `in ${seconds.toFixed(0)} s (the page's own clock: ${s.seconds.toFixed(0)} s); ` +
                    `WebAssembly memory ${(s.memory / 1e6).toFixed(0)} MB; longest frame ` +
                    `${longest.toFixed(0)} ms${s.error ? `; ${s.error}` : ''}`);
        return s.count === EXPECTED ? 0 : 1;
      }
      console.log(`  ${seconds.toFixed(0)} s: ${s.joining ? 'joining the halves' :
        `row ${s.rowsDone} of ${s.rows}`}, ${(100 * s.progress).toFixed(0)}%, ` +
                  `${s.states} states, ${(s.bytes / 1e6).toFixed(0)} MB of tables, memory ` +
                  `${(s.memory / 1e6).toFixed(0)} MB`);
      await new Promise((r) => setTimeout(r, 30000));
    }
  } finally {
    await browser.close();
  }
}));
