// A count by rows past the page's memory limit: its states go to the browser's storage (the
// origin private file system, from the counting worker with SIMD on the machine's threads) and
// are read back a part at a time; then the native CLI at the same memory limit, its states on
// disk (--scratch), in the same run. Printed for each: the count, the seconds, and for the page
// the bytes of states written to the storage, its longest frame meanwhile and its progress
// every minute. A measurement that prints figures, not a test (the suites check the counts
// and the resume with states there: browser.offline, browser.firefox).
//
//   node tests/browser/count-on-storage.bench.mjs [site dir] [rows] [cols] [open|closed] [MB]
//     default: build/wasm/site 7 7 open 400 (7x7's open tours; its tables peak at about
//     1.1 GB natively). The chessboard's closed tours: ... 8 8 closed 3000 (13 minutes in the
//     page and 9 natively on a 2-core machine). KT_KNIGHTS: the native CLI, default
//     build/native/cli/knights. KT_RELOAD_AFTER=SECONDS: the page's tab is closed that long
//     after the count starts and a new one goes on from its save ("Go on counting"), as a
//     visitor who closed it would; the page's time is then the whole, both tabs and between.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { app, checkEqual, exitWith, launch, nativeKnights, open, withSite } from './page.mjs';

const ROWS = Number(process.argv[3] ?? 7), COLS = Number(process.argv[4] ?? 7);
const CLOSED = (process.argv[5] ?? 'open') === 'closed';
const MEMORY_MB = Number(process.argv[6] ?? 400);
// Known counts: 7x7's directed open tours of every start (OEIS A165134); 6x6's; the
// chessboard's closed tours (McKay 1997; Löbbing and Wegener), 6x6's (OEIS A001230).
const KNOWN = {
  '6x6 open': '6637920', '7x7 open': '165575218320', '6x6 closed': '9862',
  '8x8 closed': '13267364410532',
};
const RELOAD_AFTER = Number(process.env.KT_RELOAD_AFTER ?? 0);
const NAME = `${ROWS}x${COLS} ${CLOSED ? 'closed' : 'open'}`;
const EXPECTED = KNOWN[NAME];
const verdict = (count) => (!EXPECTED ? '(no published count here)'
  : count === EXPECTED ? '(right)' : `(WRONG: ${EXPECTED})`);

const settings = (page) => app(page, (mb) => Module.setCountThreads({ threads: null, simd: true,
  memoryLimit: mb }), MEMORY_MB);

async function countInPage(url) {
  const browser = await launch();
  try {
    let page = await open(browser.context, url);
    checkEqual(await settings(page), '', 'setCountThreads');
    checkEqual(await app(page, ([rows, cols, closed]) => {
      const a = Module.app();
      return a.configure(rows, cols, '1,1', 'auto') +
             a.setCountKind(closed ? 'closed' : 'all-open') + a.setCounter('rows') +
             a.countStart();
    }, [ROWS, COLS, CLOSED]), '', NAME);
    await app(page, () => Module.resetFrameStats());
    const first = await app(page, () => Module.app().countState());
    console.log(`${NAME} in the page: ${first.forecast}`);
    const t0 = Date.now();
    let told = 0, reloaded = !RELOAD_AFTER;
    for (;;) {
      const s = await app(page, () => ({ ...Module.app().countState(),
        longestMs: Module.frameStats().maxMs, simd: Module.countThreads().simd }));
      const seconds = (Date.now() - t0) / 1000;
      if (s.state !== 'running') {
        console.log(`${NAME} by rows in the page (Chromium), the counting worker on ${s.threads} ` +
                    `thread(s)${s.simd ? ' with SIMD' : ''}, memory limit ${MEMORY_MB} MB` +
                    `${RELOAD_AFTER ? `, its tab closed after ${RELOAD_AFTER} s and the count ` +
                                      'gone on with in a new one' : ''}: ` +
                    `${s.state}, ${s.count} ${verdict(s.count)} in ${seconds.toFixed(1)} s; ` +
                    `${(s.diskBytes / 1e9).toFixed(2)} GB of states written to the browser's ` +
                    `storage; longest frame ${s.longestMs.toFixed(0)} ms` +
                    `${s.error ? `; ${s.error}` : ''}`);
        return { seconds, ok: s.count === (EXPECTED ?? s.count) && !s.error };
      }
      if (!reloaded && seconds >= RELOAD_AFTER) {
        // Closed (the worker with it), opened again: the offer, taken.
        reloaded = true;
        await page.close();
        page = await open(browser.context, url);
        checkEqual(await settings(page), '', 'setCountThreads in the new tab');
        await page.waitForFunction(() => Module.app().savedCount() !== null, null,
                                   { timeout: 60000 });
        const saved = await app(page, () => Module.app().savedCount());
        console.log(`  ${seconds.toFixed(0)} s: the tab closed (it said "${s.saving}"); a new ` +
                    `tab offers the count saved at square ${saved.squaresDone} of ` +
                    `${saved.squares} (${saved.seconds.toFixed(0)} s counted), and goes on`);
        checkEqual(await app(page, () => Module.app().resumeCount()), '', 'Go on counting');
        continue;
      }
      if (seconds - told >= 60) {
        told = seconds;
        console.log(`  ${seconds.toFixed(0)} s: ${s.joining ? 'joining the halves' :
          `row ${s.rowsDone} of ${s.rows}`}, ${(100 * s.progress).toFixed(0)}%, ${s.states} ` +
                    `states, ${(s.bytes / 1e6).toFixed(0)} MB in memory, ` +
                    `${(s.diskBytes / 1e9).toFixed(2)} GB written to the storage`);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await browser.close();
  }
}

function countNative() {
  const knights = nativeKnights();
  if (!knights) return null;
  const scratch = mkdtempSync(join(tmpdir(), 'kt-bench-scratch-'));
  const args = ['count', '--rows', String(ROWS), '--cols', String(COLS), '--counter', 'rows',
                '--memory-limit', String(MEMORY_MB), '--scratch', scratch, '--save-after', '0',
                ...(CLOSED ? ['--closed'] : [])];
  const t0 = Date.now();
  const r = spawnSync(knights, args, { encoding: 'utf8' });
  const seconds = (Date.now() - t0) / 1000;
  rmSync(scratch, { recursive: true, force: true });
  const count = /^(\d+) (directed open|closed) tours/m.exec(r.stdout)?.[1];
  const summary = r.stderr.trim().split('\n').filter((l) => /counted by rows/.test(l)).pop();
  console.log(`${NAME} natively (knights ${args.join(' ').replace(scratch, 'DIR')}): ${count} ` +
              `${verdict(count)} in ${seconds.toFixed(1)} s${summary ? `; ${summary}` : ''}`);
  return { seconds, ok: count === (EXPECTED ?? count) };
}

await exitWith(`count-on-storage ${NAME}`, () => withSite(async (url) => {
  const page = await countInPage(url);
  const native = countNative();
  if (native) {
    console.log(`the page against the CLI: ${(page.seconds / native.seconds).toFixed(2)}x ` +
                `(${page.seconds.toFixed(1)} s / ${native.seconds.toFixed(1)} s)`);
  }
  return (page.ok ? 0 : 1) + (native && !native.ok ? 1 : 0);
}, { isolated: true }));
