// The Run's long parts in the page, off its thread and on it, against the native CLI in the same
// run: the construction of a 10^8-square tour (built whole in the counting worker and verified
// there, then taken a slice a frame) and a long search at the fastest pace (the textbook's tree
// from (1,1) to (1,2) on 6x6, 460 million placed moves: in the worker after its first second).
// For each: the seconds from Run to the verified tour, the longest frame and the 95th
// percentile meanwhile, and where it ran. A measurement that prints figures, not a test (the
// suites check that the worker builds and searches, and the same tour as the page's thread).
//
//   node tests/browser/run-elsewhere.bench.mjs [site dir]  (Chromium, served with COOP/COEP;
//   KT_KNIGHTS: the native CLI, default build/native/cli/knights; about two minutes)
import { spawnSync } from 'node:child_process';

import { app, exitWith, launch, nativeKnights, open, withSite } from './page.mjs';

const CASES = [
  ['10000x10000 construct', { rows: 10000, cols: 10000, start: '1,1', method: 'construct' },
   ['--rows', '10000', '--cols', '10000', '--method', 'construct']],
  ['6x6 textbook (1,1) to (1,2)', { rows: 6, cols: 6, start: '1,1', end: '1,2', method: 'textbook' },
   ['--rows', '6', '--cols', '6', '--start', '1,1', '--end', '1,2', '--method', 'textbook']],
];

async function runInPage(url, problem, threads) {
  const browser = await launch();
  try {
    const page = await open(browser.context, url);
    await page.evaluate((t) => Module.setCountThreads({ threads: t }), threads);
    await page.evaluate((p) => {
      const a = Module.app();
      a.configureProblem(p);
      a.setSpeed(1, true);
      Module.resetFrameStats();
    }, problem);
    const t0 = Date.now();
    await page.evaluate(() => Module.app().run());
    await page.waitForFunction(() => {
      const a = Module.app();
      return a.status() !== 'running' && a.state() === 'finished' && a.verify().ok;
    }, null, { timeout: 900000, polling: 100 });
    const seconds = (Date.now() - t0) / 1000;
    return { seconds, ...(await app(page, () => ({ frames: Module.frameStats(),
      where: Module.app().runElsewhere(), summary: JSON.parse(Module.app().summary()) }))) };
  } finally {
    await browser.close();
  }
}

function native(args) {
  const knights = nativeKnights();
  if (!knights) return null;
  const t0 = Date.now();
  const r = spawnSync(knights, ['solve', ...args, '--format', 'summary'], { encoding: 'utf8' });
  return { seconds: (Date.now() - t0) / 1000, summary: JSON.parse(r.stdout) };
}

await exitWith('run-elsewhere bench', () => withSite(async (url) => {
  for (const [name, problem, args] of CASES) {
    for (const [threads, label] of [[null, 'the counting worker'], [0, 'the page\'s thread']]) {
      const r = await runInPage(url, problem, threads);
      const where = r.where.built ? 'built in the worker' : r.where.searched
        ? 'searched in the worker' : 'on the page\'s thread';
      console.log(`${name} in the page (Chromium), ${label}: ${r.summary.status}, verified ` +
                  `${r.summary.verified}, ${r.summary.placed} placed, ${where}, ` +
                  `${r.seconds.toFixed(1)} s from Run; longest frame ${r.frames.maxMs.toFixed(0)} ms, ` +
                  `95% within ${r.frames.p95Ms.toFixed(1)} ms`);
    }
    const n = native(args);
    if (n) {
      console.log(`${name} natively (knights solve ${args.join(' ')}): ${n.summary.status}, ` +
                  `${n.summary.placed} placed, ${n.seconds.toFixed(1)} s`);
    }
  }
  return 0;
}, { isolated: true }));
