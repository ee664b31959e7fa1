// Offline and installable: once visited, the page opens and works with no network (its service
// worker, web/sw.js, keeps the release in one cache), the manifest and its icons load, and a
// new release replaces the old one whole; served from a sub-folder, as GitHub Pages serves a
// project. One browser, one tab, a few seconds.
//
//   node tests/browser/offline.test.mjs [site dir]   (ctest: browser.offline)
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ARTIFACTS, check, checkEqual, exitWith, frameTimes, launch, open, reopen, runTests, SITE }
  from './page.mjs';
import { serve } from './server.mjs';

const FIRST_ROW_5X5 = [25, 18, 3, 12, 23];  // Sutcliffe's run from (1,1), its top row
// 6x6's directed open tours, every start: the native CLI's count (knights count --size 6).
const OPEN_6X6 = '6637920';
// The frames of a page while its worker counts: 95% of them within 50 ms. (Not every one: the
// worker's threads take every core, and on a loaded machine the system may hold the page's
// thread back for a moment; scripts/bench.sh prints the longest.)
const COUNTING_FRAME_MS = 50;
// 5x5's directed open tours, every start: OEIS A165134.
const OPEN_5X5 = '1728';
// 6x7's directed open tours, every start: the native CLI's uninterrupted count (knights count
// --rows 6 --cols 7), as tests/cli/resume.py has it.
const OPEN_6X7 = '779938932';
// Megabytes for 6x7 by rows, under its tables' peak (0.08 GB natively) and over what its join
// needs (36.1 MB: knights count --rows 6 --cols 7 --memory-limit 20 refuses, saying so): its
// states go to the browser's storage.
const MEMORY_6X7 = 40;
// What the page says beside a count by rows on its own thread (web/worker_counter.cpp).
const NOT_SAVED_HERE = 'This count cannot be saved: it runs on the page\'s own thread (the page ' +
  'is not cross-origin isolated here), and a browser writes its storage as a count goes only ' +
  'from a worker. Closing the tab loses it.';

// Where the page's counts run (Module.countThreads()), with the browser's word on isolation.
const threads = (page) => page.evaluate(() => ({ ...Module.countThreads(),
  crossOriginIsolated: self.crossOriginIsolated, cores: navigator.hardwareConcurrency }));

// Counts on the live app through its JS API, as the Count button does; resolves when it ends,
// with its read-outs and the longest frame meanwhile.
async function countOnPage(page, problem) {
  await page.waitForFunction(() => Module.secondPartIn?.() ?? true, null, { timeout: 10000 });
  const refused = await page.evaluate(([rows, cols, start, kind, counter]) => {
    const a = Module.app();
    return a.configure(rows, cols, start, 'auto') + a.setCountKind(kind) + a.setCounter(counter) +
           a.countStart();
  }, problem);
  checkEqual(refused, '', `count ${problem.join(' ')}`);
  const times = await frameTimes(page, () => page.waitForFunction(
    () => Module.app().countState().state !== 'running', null, { timeout: 120000 }));
  return { ...(await page.evaluate(() => Module.app().countState())), longestMs: times.appMaxMs,
           p95Ms: await page.evaluate(() => Module.frameStats().p95Ms) };
}

// The version and the files the build wrote into the site's sw.js.
async function build(site) {
  const sw = await readFile(join(site, 'sw.js'), 'utf8');
  const version = /version: '([0-9a-f]{16})'/.exec(sw)?.[1];
  const files = [...sw.matchAll(/^ {4}"([^"]+)": "[0-9a-f]{64}",$/gm)].map((m) => m[1]);
  check(version, 'the site\'s sw.js carries no version: was it written by web/offline_site.cmake?');
  return { version, files };
}

// Waits for the page's service worker to be active and for the page to be under its control
// (it registers after the first frame; the page it registered from is not controlled, the next
// load is). Returns the cache names and the number of entries in the release's cache.
async function controlled(page, url, version) {
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), null,
                             { timeout: 20000 });
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active.state ===
                             'activated', null, { timeout: 20000 });
  await reopen(page, url);
  check(await page.evaluate(() => navigator.serviceWorker.controller !== null),
        'the page is not controlled by its service worker after a reload');
  return page.evaluate(async (name) => ({
    caches: await caches.keys(),
    entries: (await (await caches.open(name)).keys()).map((r) => r.url),
  }), `kt-offline-${version}`);
}

// A search to the end, on the page: 5x5 from (1,1) by the textbook's method, as fast as frames go.
async function solve5x5(page) {
  await page.waitForFunction(() => Module.secondPartIn?.() ?? true, null, { timeout: 10000 });
  await page.evaluate(() => {
    const a = Module.app();
    a.configureProblem({ size: 5, start: '1,1', method: 'textbook' });
    a.setSpeed(100000, true);
    a.run();
  });
  await page.waitForFunction(() => Module.app().state() === 'finished', null, { timeout: 30000 });
  const r = await page.evaluate(() => ({ status: Module.app().status(),
    row: Module.app().board()[0], ok: Module.app().verify().ok, frames: Module.app().frames() }));
  checkEqual([r.status, r.row, r.ok], ['found', FIRST_ROW_5X5, true], 'the search on 5x5');
}

async function installable(page) {
  // The page links its manifest after its first frame, once its second part is in.
  await page.waitForFunction(() => document.querySelector('link[rel=manifest]'), null,
                             { timeout: 10000 });
  const m = await page.evaluate(async () => {
    const link = document.querySelector('link[rel=manifest]');
    if (!link) return null;
    const manifest = await (await fetch(link.href)).json();
    const icons = [];
    for (const icon of manifest.icons) {
      const img = new Image();
      img.src = new URL(icon.src, link.href).href;
      await img.decode();
      icons.push([icon.sizes, `${img.naturalWidth}x${img.naturalHeight}`]);
    }
    return { manifest, icons };
  });
  check(m, 'no <link rel=manifest> in the page');
  const { manifest: f, icons } = m;
  checkEqual([f.start_url, f.scope, f.display, f.theme_color, f.background_color],
             ['./', './', 'standalone', '#1c1f24', '#1c1f24'], 'the manifest');
  check(f.name && f.short_name, 'the manifest has no name or short_name');
  for (const [sizes, natural] of icons) {
    check(sizes === 'any' || sizes === natural, `an icon of ${sizes} is ${natural}`);
  }
  check(icons.some(([s]) => s === '512x512') && icons.some(([s]) => s === '192x192'),
        'the manifest lacks a 192 or a 512 px icon');
  // What Chromium itself says before it offers to install the page.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  checkEqual(installabilityErrors.map((e) => e.errorId), [], 'Chromium\'s installability errors');
}

async function main() {
  // The site in a sub-folder, as GitHub Pages publishes a project's; the release test edits
  // this copy.
  const root = await mkdtemp(join(tmpdir(), 'kt-offline-site-'));
  const site = join(root, 'explorer');
  await cp(SITE, site, { recursive: true });
  const { version, files } = await build(site);
  let server = await serve(root);
  const url = server.url + 'explorer/';
  const browser = await launch();
  let page;
  try {
    return await runTests('offline', [
      ['the service worker caches the release and controls the page', async () => {
        page = await open(browser.context, url);
        // The first visit, not yet answered by the worker: not isolated, counts on its thread.
        const first = await threads(page);
        checkEqual([first.crossOriginIsolated, first.isolated, first.threads], [false, false, 0],
                   'the first visit\'s isolation and threads');
        // By rows on the page's thread: counted, and the page says it cannot be saved.
        const here = await countOnPage(page, [5, 5, '1,1', 'all-open', 'rows']);
        checkEqual([here.state, here.count, here.threads, here.saving],
                   ['done', OPEN_5X5, 1, NOT_SAVED_HERE], '5x5 by rows on the page\'s thread');
        const c = await controlled(page, url, version);
        checkEqual(c.caches, [`kt-offline-${version}`], 'the caches');
        checkEqual(c.entries.sort(), files.map((f) => url + f).sort(), 'the files cached');
      }],
      ['installable: the manifest parses and its icons load', () => installable(page)],
      ['isolated by its service worker: counts on threads, frames short, Stop at once', async () => {
        // Served with no COOP/COEP headers: the worker's answers carry them.
        const t = await threads(page);
        checkEqual([t.crossOriginIsolated, t.isolated, t.threads], [true, true, Math.min(t.cores, 64)],
                   'isolation and threads under the service worker');
        const rows = await countOnPage(page, [6, 6, '1,1', 'all-open', 'rows']);
        console.log(`    6x6 open by rows on ${rows.threads} threads: ${rows.seconds.toFixed(2)} s, ` +
                    `frames: 95% within ${rows.p95Ms.toFixed(1)} ms, longest ` +
                    `${rows.longestMs.toFixed(1)} ms`);
        checkEqual([rows.state, rows.counter, rows.count, rows.threads, rows.error, rows.rowsDone,
                    rows.rows, rows.progress], ['done', 'rows', OPEN_6X6, t.threads, '', 6, 6, 1],
                   '6x6 open by rows in the counting worker');
        check(rows.p95Ms <= COUNTING_FRAME_MS,
              `5% of the frames took over ${rows.p95Ms} ms while the worker counted`);
        // Closed tours by rows join their halves round a cycle (the worker's SIMD walk too).
        const closed = await countOnPage(page, [6, 6, '1,1', 'closed', 'rows']);
        checkEqual([closed.state, closed.count, closed.threads], ['done', '9862', t.threads],
                   '6x6 closed by rows in the counting worker');
        const search = await countOnPage(page, [5, 5, '1,1', 'from-start', 'search']);
        checkEqual([search.state, search.counter, search.count, search.threads, search.error],
                   ['done', 'search', '304', t.threads, ''], '5x5 from (1,1) by the search');
        // Set to the page's own thread (for comparing), the same count there; bad settings are
        // refused with a reason and change nothing.
        const settings = 'expected {threads, simd, saveAfter, memoryLimit}';
        checkEqual(await page.evaluate(() => [Module.setCountThreads(7.5),
          Module.setCountThreads({ threads: -1 }), Module.setCountThreads({ simd: 'yes' }),
          Module.setCountThreads(null), Module.setCountThreads({ memoryLimit: 0 }),
          Module.setCountThreads({ memoryLimit: 4001 }), Module.countThreads().threads,
          Module.app().countState().memoryLimit]),
        [settings, 'threads: expected a whole number from 0 to 64, or null',
         'simd: expected true or false', settings,
         'memoryLimit: expected megabytes, a whole number from 1 to 4000 (got 0)',
         'memoryLimit: expected megabytes, a whole number from 1 to 4000 (got 4001)', t.threads,
         1500], 'bad settings');
        checkEqual(await page.evaluate(() => Module.setCountThreads({ threads: 0 })), '', 'threads 0');
        const here = await countOnPage(page, [5, 5, '1,1', 'from-start', 'search']);
        checkEqual([here.count, here.threads, (await threads(page)).threads], ['304', 1, 0],
                   '5x5 on the page\'s own thread');
        checkEqual(await page.evaluate(() => Module.setCountThreads({ threads: null })), '', 'reset');
        // 7x7 by rows takes minutes (its tables about 1.3 GB, in the worker's memory: the page's
        // own stays as it was); Stop ends its worker at once, and the read-outs stay.
        const before = await page.evaluate(() => Module.HEAP8.length);
        checkEqual(await page.evaluate(() => {
          const a = Module.app();
          return a.configure(7, 7, '1,1', 'auto') + a.setCountKind('all-open') +
                 a.setCounter('rows') + a.countStart();
        }), '', 'count 7x7');
        await page.waitForFunction(() => Module.app().countState().states > 0, null,
                                   { timeout: 60000 });
        const stopped = await page.evaluate(() => {
          Module.app().countStop();
          return { state: Module.app().countState().state,
                   workers: Object.keys(Module.ktCountWorkers ?? {}).length,
                   memory: Module.HEAP8.length };
        });
        checkEqual([stopped.state, stopped.workers], ['stopped', 0], 'Stop: the count and its worker');
        check(stopped.memory <= before + (64 << 20),
              `the page's memory grew from ${before} to ${stopped.memory} bytes for a worker's count`);
      }],
      ['isolated: a huge construction\'s Run is built whole in the counting worker', async () => {
        // From 2^20 squares on, the Run builds the tour in the worker and checks it there with
        // the verifier; the page takes it a slice a frame. The same tour as the page's own
        // thread builds, square for square.
        const SQUARES = [[1, 1], [1024, 1024], [512, 300], [7, 1000]];
        const build = async () => {
          checkEqual(await page.evaluate(() => Module.app().configureProblem(
            { rows: 1024, cols: 1024, start: '1,1', method: 'construct' })), '', '1024x1024');
          const times = await frameTimes(page, async () => {
            await page.evaluate(() => Module.app().run());
            await page.waitForFunction(() => { const a = Module.app();
              if (a.runElsewhere().building) window.ktSawBuild = a.banner().detail;
              return a.status() === 'found' && a.verify().ok; }, null,
            { timeout: 60000, polling: 'raf' });
          });
          return page.evaluate(([squares, longestMs]) => {
            const a = Module.app();
            const seen = window.ktSawBuild;
            delete window.ktSawBuild;
            const w = a.runElsewhere();
            return { where: [w.building, w.built, w.error], seen, verified: JSON.parse(a.summary()).verified,
                     moves: squares.map(([x, y]) => a.moveAt(x, y)), longestMs,
                     workers: Object.keys(Module.ktCountWorkers ?? {}).length };
          }, [SQUARES, times.appMaxMs]);
        };
        const there = await build();
        console.log(`    1024x1024 built in the worker: longest frame ${there.longestMs.toFixed(1)} ms`);
        checkEqual([there.where, there.verified, there.workers, there.moves[0]],
                   [[false, true, ''], true, 0, 1], 'built in the worker');
        check(/in the background/.test(there.seen ?? ''),
              `the banner while the worker built: ${JSON.stringify(there.seen)}`);
        checkEqual(await page.evaluate(() => Module.setCountThreads({ threads: 0 })), '', 'threads 0');
        const here = await build();
        checkEqual(await page.evaluate(() => Module.setCountThreads({ threads: null })), '', 'reset');
        checkEqual([here.where, here.verified, here.seen], [[false, false, ''], true, undefined],
                   'built on the page\'s thread');
        checkEqual(there.moves, here.moves, 'the same tour in both places');
      }],
      ['isolated: a long search at the fastest pace goes on in the counting worker, one run', async () => {
        // The textbook's tree for a closed 5x6 tour (no listing: the engine is the run): after a
        // second on the page's thread it goes on in the worker from where it stood, and comes
        // back with the tour, in the same steps as on the page's own thread.
        const solve = () => page.evaluate(async () => {
          const a = Module.app();
          const refused = a.configureProblem({ rows: 5, cols: 6, closed: true, start: '1,1',
                                               method: 'textbook' });
          a.setSpeed(1, true);
          a.run();
          let seen = '';
          while (a.status() === 'running') {
            if (a.runElsewhere().searching) seen = a.banner().detail;
            await new Promise((r) => setTimeout(r, 50));
          }
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return { refused, seen, where: a.runElsewhere(), verified: a.verify().ok,
                   steps: [a.placed(), a.erased()], board: a.board() };
        });
        let there;
        const times = await frameTimes(page, async () => { there = await solve(); });
        checkEqual([there.refused, there.where.searched, there.where.searching, there.where.error,
                    there.verified], ['', true, false, '', true], '5x6 closed, searched in the worker');
        check(/^move \d+ of 30  ·  [\d,]+ steps  ·  in the background$/.test(there.seen),
              `the banner meanwhile: ${there.seen}`);
        console.log(`    5x6 closed by the textbook's tree, in the worker after a second: ` +
                    `${there.steps[0]} placed, longest frame ${times.appMaxMs.toFixed(1)} ms`);
        checkEqual(await page.evaluate(() => Module.setCountThreads({ threads: 0 })), '', 'threads 0');
        const here = await solve();
        checkEqual(await page.evaluate(() => Module.setCountThreads({ threads: null })), '', 'reset');
        checkEqual([here.where.searched, here.verified], [false, true], 'on the page\'s thread');
        checkEqual([there.steps, there.board], [here.steps, here.board], 'the same run in both places');

        // Pause brings the search back from the worker, Step goes on from there by one step,
        // and Run sends it back; a pace brings it back again; Reset ends the worker. (6x6 from (1,1) to (1,2): 460 million
        // placed moves before its tour, minutes in the page.)
        await page.evaluate(() => {
          const a = Module.app();
          a.configureProblem({ rows: 6, cols: 6, start: '1,1', end: '1,2', method: 'textbook' });
          a.setSpeed(1, true);
          a.run();
        });
        await page.waitForFunction(() => Module.app().runElsewhere().searching, null,
                                   { timeout: 20000 });
        await page.waitForFunction(() => Module.app().placed() > 30e6, null, { timeout: 60000 });
        const paused = await page.evaluate(async () => {
          const a = Module.app();
          a.pause();
          while (a.runElsewhere().searching) await new Promise((r) => setTimeout(r, 20));
          const before = [a.state(), a.placed() + a.erased(), a.path().length];
          a.step();
          const after = [a.state(), a.placed() + a.erased(), a.path().length];
          a.run();
          return { before, after };
        });
        checkEqual(paused.before[0], 'paused', 'paused');
        check(paused.before[1] > 60e6, `the steps taken back from the worker: ${paused.before[1]}`);
        checkEqual([paused.after[0], paused.after[1]], ['paused', paused.before[1] + 1],
                   'one step from where the worker stopped');
        check(Math.abs(paused.after[2] - paused.before[2]) === 1, `the path: ${paused.before[2]} ` +
              `then ${paused.after[2]} squares`);
        await page.waitForFunction(() => Module.app().runElsewhere().searching, null,
                                   { timeout: 20000 });
        // A pace again brings it back to be watched step by step on the page; the fastest
        // pace sends it off again.
        const paced = await page.evaluate(async () => {
          const a = Module.app();
          a.setSpeed(1, false);  // a step a frame
          while (a.runElsewhere().searching) await new Promise((r) => setTimeout(r, 20));
          const before = a.placed() + a.erased();
          await new Promise((r) => setTimeout(r, 500));
          return [a.state(), a.placed() + a.erased() - before];
        });
        checkEqual(paced[0], 'running', 'the run at a pace again');
        check(paced[1] > 0 && paced[1] <= 60, `steps in half a second at 60 a second: ${paced[1]}`);
        await page.evaluate(() => Module.app().setSpeed(1, true));
        await page.waitForFunction(() => Module.app().runElsewhere().searching, null,
                                   { timeout: 20000 });
        const reset = await page.evaluate(() => {
          Module.app().reset();
          return [Module.app().runElsewhere().searching,
                  Object.keys(Module.ktCountWorkers ?? {}).length];
        });
        checkEqual(reset, [false, 0], 'Reset: the search and its worker ended');
      }],
      ['a count by rows goes on after its tab is closed, from the browser\'s storage', async () => {
        // Saved from its first square end on (then whenever nine times the last save's time has
        // passed), in the worker, into the origin private file system; and past a memory limit
        // under its tables (0.08 GB natively; the join of open tours holds the smaller half
        // whole, 36 MB), its states go there too, read back a part at a time.
        checkEqual(await page.evaluate((mb) => Module.setCountThreads({ saveAfter: 0,
          memoryLimit: mb }), MEMORY_6X7), '', 'saveAfter 0, a small memory limit');
        checkEqual(await page.evaluate(() => {
          const a = Module.app();
          return a.configure(6, 7, '1,1', 'auto') + a.setCountKind('all-open') +
                 a.setCounter('rows') + a.countStart();
        }), '', 'count 6x7');
        // Closed once a save has come past the first squares (well before the last).
        const savedAt = /^Saved at square (\d+) of (\d+)/;
        await page.waitForFunction((re) => {
          const m = new RegExp(re).exec(Module.app().countState().saving);
          return m && Number(m[1]) >= 12;
        }, savedAt.source, { timeout: 60000, polling: 20 });
        const before = await page.evaluate(() => Module.app().countState());
        checkEqual(before.state, 'running', 'the count when its tab closes');
        await page.close();  // the worker with it, wherever it was (a save half written too)
        page = await open(browser.context, url);
        await page.waitForFunction(() => Module.app().savedCount() !== null, null,
                                   { timeout: 20000 });
        const saved = await page.evaluate(() => ({ ...Module.app().savedCount(),
          offer: document.getElementById('kt-saved-count')?.textContent ?? '' }));
        const at = savedAt.exec(before.saving).slice(1).map(Number);
        console.log(`    6x7 open saved at square ${saved.squaresDone} of ${saved.squares} ` +
                    `(${saved.seconds.toFixed(2)} s counted); closed after "${before.saving}"`);
        checkEqual([saved.rows, saved.cols, saved.closed, saved.start, saved.end, saved.blocked,
                    saved.squares], [6, 7, false, null, null, 0, at[1]], 'the saved count');
        check(saved.squaresDone >= at[0] && saved.squaresDone < saved.squares,
              `saved at square ${saved.squaresDone}, where the page said ${before.saving}`);
        check(saved.offer.includes(`${saved.what} (6x7), by rows, saved at square ` +
                                   `${saved.squaresDone} of ${saved.squares}`),
              `the offer says ${JSON.stringify(saved.offer)}`);
        // A short count in between, saving nothing (its first save would come at 10 s), leaves
        // the save as it was.
        const between = await countOnPage(page, [5, 5, '1,1', 'all-open', 'rows']);
        checkEqual([between.count, between.threads > 1], [OPEN_5X5, true], '5x5 in between');
        await reopen(page, url);
        await page.waitForFunction(() => Module.app().savedCount() !== null, null,
                                   { timeout: 20000 });
        checkEqual(await page.evaluate(() => Module.app().savedCount().squaresDone),
                   saved.squaresDone, 'the save after a count in between');
        await page.screenshot({ path: join(ARTIFACTS, 'offline-saved-count-offer.png') });
        // (A new page: its settings are the defaults again.)
        checkEqual(await page.evaluate((mb) => Module.setCountThreads({ memoryLimit: mb }),
                                       MEMORY_6X7), '', 'a small memory limit again');
        await page.click('#kt-saved-count button');  // Go on counting
        await page.waitForFunction(() => Module.app().countState().state !== 'running', null,
                                   { timeout: 120000 });
        const resumed = await page.evaluate(() => ({ ...Module.app().countState(),
          offer: !!document.getElementById('kt-saved-count') }));
        checkEqual([resumed.state, resumed.counter, resumed.count, resumed.error, resumed.offer],
                   ['done', 'rows', OPEN_6X7, '', false], '6x7 open gone on with');
        console.log(`    resumed: ${(resumed.diskBytes / 1e6).toFixed(1)} MB of states written ` +
                    `to the browser's storage, ${resumed.seconds.toFixed(2)} s`);
        check(resumed.diskBytes > 0 && resumed.memoryLimit === MEMORY_6X7,
              `the resumed count's states went to the browser's storage (${resumed.diskBytes} ` +
              `bytes, at a limit of ${resumed.memoryLimit} MB)`);
        // Counted: the save is gone, and a new tab offers nothing.
        await reopen(page, url);
        await page.waitForFunction(() => Module.ktSavedCount !== undefined, null,
                                   { timeout: 20000 });
        checkEqual(await page.evaluate(() => [Module.app().savedCount(),
          !!document.getElementById('kt-saved-count')]), [null, false], 'the save once counted');
      }],
      ['offline: a reload opens the page and a search runs', async () => {
        server.close();
        await browser.context.setOffline(true);
        await reopen(page, url + '?size=6');
        checkEqual(await page.evaluate(() => Module.app().config().rows), 6, 'the link\'s size');
        await solve5x5(page);
        await installable(page);
      }],
      ['a new release: the page from the network at once, then its cache alone', async () => {
        // The release: index.html changed, and sw.js with its new hash and version, as the build
        // writes them.
        const html = (await readFile(join(site, 'index.html'), 'utf8'))
          .replace('<head>', '<head><meta name="kt-release" content="2">');
        await writeFile(join(site, 'index.html'), html);
        const hash = createHash('sha256').update(html).digest('hex');
        let sw = await readFile(join(site, 'sw.js'), 'utf8');
        sw = sw.replace(/("index\.html": ")[0-9a-f]{64}/, `$1${hash}`)
          .replace(`version: '${version}'`, "version: 'feedfacefeedface'");
        await writeFile(join(site, 'sw.js'), sw);
        server = await serve(root, { port: new URL(url).port });
        await browser.context.setOffline(false);
        await reopen(page, url);
        check(await page.evaluate(() => !!document.querySelector('meta[name=kt-release]')),
              'the reload after a release showed the old page');
        await solve5x5(page);  // with the new page's files, from the network
        await page.waitForFunction(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          if (!r.waiting) await r.update().catch(() => {});
          return !!r.waiting;
        }, null, { timeout: 20000, polling: 500 });
        // The new worker takes over once no page uses the old one: a new tab then has the new
        // release's cache alone. The browser lets the old worker go a moment after its last tab
        // closes, so a tab opened at once may still be the old worker's: close it and try again.
        let c;
        for (let attempt = 0; attempt < 10; attempt++) {
          await page.close();
          await new Promise((resolve) => setTimeout(resolve, 500));
          page = await open(browser.context, url);
          c = await controlled(page, url, 'feedfacefeedface');
          if (c.caches.length === 1) break;
        }
        checkEqual(c.caches, ['kt-offline-feedfacefeedface'], 'the caches after the release');
        check(await page.evaluate(() => !!document.querySelector('meta[name=kt-release]')),
              'the new tab showed the old page');
      }],
    ], async ([, run]) => {
      await run();
      check(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
    });
  } finally {
    await browser.close();
    server.close();
    await rm(root, { recursive: true, force: true });
  }
}

await exitWith('offline', main);
