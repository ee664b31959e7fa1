// The page in each browser engine: Chromium, Firefox and WebKit (tests/browser/engines.mjs), with
// the checks every engine must pass: the page loads and draws with no message and no console
// error, a 5x5 tour solved through the JS API reads back as a tour, a real click on Run solves
// the live board, and a screenshot (test-artifacts/engine-<engine>.png) shows it. Then the same
// page where WebGL2 is missing (getContext('webgl2') answers null, as on old school computers
// and remote desktops): it draws with WebGL1 and says nothing, its board's pixels read back as
// in WebGL2, and Run still solves (test-artifacts/engine-<engine>-webgl1.png).
//
//   node tests/browser/engines.test.mjs <site dir> chromium|firefox|webkit
//
// Firefox and WebKit run under xvfb-run (started here when needed). Prints
// "engines <engine>: N passed, M failed" and exits non-zero on failure; a browser that is not
// installed fails the run at once, naming its package.
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { ENGINES, waitFor } from './engines.mjs';
import { ARTIFACTS, check, checkEqual, exitWith, inspect, runTests, SITE } from './page.mjs';
import { serve } from './server.mjs';

const NAME = process.argv[3] ?? 'chromium';
const ENGINE = ENGINES[NAME];
const LABEL = `engines ${NAME}`;
const WIDTH = 1280, HEIGHT = 800;

// Run first in the page: collects errors (uncaught, rejected, console.error) in __ktErrors and,
// when the page is opened with #no-webgl2, answers null to getContext('webgl2'). In a function:
// a global const would clash with the page's own globals.
const PRELUDE = `(() => {
  window.__ktErrors = [];
  addEventListener('error', (e) => __ktErrors.push(String(e.message)));
  addEventListener('unhandledrejection', (e) => __ktErrors.push('unhandled: ' + e.reason));
  const consoleError = console.error;
  console.error = function (...args) {
    __ktErrors.push(args.join(' '));
    return consoleError.apply(this, args);
  };
  if (location.hash === '#no-webgl2') {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return type === 'webgl2' ? null : getContext.call(this, type, ...rest);
    };
  }
})();`;

// The board's 25 squares on 5x5, [x, y] from (1,1).
const SQUARES = Array.from({ length: 25 }, (_, i) => [1 + (i % 5), 1 + Math.floor(i / 5)]);

// A knight's tour: 1..rows*cols once each, and each move a knight's jump from the one before.
function checkTour(board, what) {
  const at = new Map();
  board.forEach((row, y) => row.forEach((n, x) => at.set(n, [x, y])));
  const n = board.length * board[0].length;
  for (let k = 1; k <= n; k++) {
    check(at.has(k), `${what}: move ${k} missing from ${JSON.stringify(board)}`);
    if (k === 1) continue;
    const [[x0, y0], [x1, y1]] = [at.get(k - 1), at.get(k)];
    const d = [Math.abs(x1 - x0), Math.abs(y1 - y0)].sort().join();
    check(d === '1,2', `${what}: move ${k - 1} to ${k} is not a knight's jump`);
  }
  check(at.size === n, `${what}: ${at.size} distinct numbers on ${n} squares`);
}

async function checkNoErrors(page) {
  const errors = await page.evaluate(() => window.__ktErrors);
  check(errors.length === 0, `page errors: ${errors.join('; ')}`);
}

// The WebGL version of the app's context (after its first frame: asking earlier would create one).
const glVersion = (page) => page.evaluate(() => {
  const c = Module.canvas;
  return c.getContext('webgl2') ? 2 : c.getContext('webgl') ? 1 : 0;
});

// The [r, g, b] at `at` of each square's width and height from its top-left corner (0.2: away
// from numbers and the path), read from the app's drawing buffer in the animation frame right
// after the app drew it (asked to draw it: an unchanged picture is otherwise not drawn again).
const squarePixels = (page, squares, at = 0.2) => page.evaluate(([squares, at]) =>
  new Promise((resolve) => {
  Module.app().redraw();
  requestAnimationFrame(() => {
    const c = Module.canvas;
    const gl = c.getContext('webgl2') || c.getContext('webgl');
    const s = c.width / c.getBoundingClientRect().width;
    resolve(squares.map(([x, y]) => {
      const r = Module.app().squareRect(x, y);
      const px = new Uint8Array(4);
      gl.readPixels(Math.round((r.x + at * r.w) * s), Math.round(c.height - (r.y + at * r.h) * s),
                    1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      return [px[0], px[1], px[2]];
    }));
  });
}), [squares, at]);

// Waits until the app has drawn `n` more frames.
const frames = (page, n = 3) => page.evaluate((n) => new Promise((resolve) => {
  const end = Module.app().frames() + n;
  const tick = () => (Module.app().frames() >= end ? resolve(true) : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
}), n);

// Opens the page (url + hash) as a returning visitor (the first visit's lesson seen: its strip
// above the board would change the pixels compared) and waits for the app's first frames; the
// note (loading or an error message) must be gone.
async function openApp(browser, url) {
  const first = await browser.open(url);
  await first.evaluate(() => localStorage.setItem('kt-lesson-seen', '1'));
  await first.close();
  const page = await browser.open(url);
  await waitFor(page, () => globalThis.Module?.app?.()?.frames() > 3 ||
                            document.getElementById('note').className === 'error', null,
                { what: 'the first frames' });
  const note = await page.evaluate(() => {
    const n = document.getElementById('note');
    return n.hidden ? null : n.textContent;
  });
  check(note === null, `the page shows a note: ${note}`);
  return page;
}

// The idle 5x5 board from (1,1), textbook: the state both pages' pixels are compared in.
async function idle5x5(page) {
  checkEqual(await page.evaluate(() =>
    Module.app().configureProblem({ size: 5, start: '1,1', method: 'textbook' })), '',
             'configureProblem 5x5');
  await frames(page, 5);
}

// A real mouse click on the Run widget of the canvas; the live board is then a tour.
async function clickRun(page, shot) {
  await idle5x5(page);
  await page.evaluate(() => Module.app().setSpeed(1, true));  // as fast as frames allow
  const rect = await page.evaluate(() => Module.app().widgetRect('Run'));
  check(rect && rect.y + rect.h <= HEIGHT, `Run is not on screen: ${JSON.stringify(rect)}`);
  await page.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await waitFor(page, () => Module.app().state() === 'finished', null,
                { what: 'the run to finish' });
  checkEqual(await page.evaluate(() => Module.app().status()), 'found', 'status after Run');
  checkTour(await page.evaluate(() => Module.app().board()), 'the live board');
  const verdict = await page.evaluate(() => Module.app().verify());
  check(verdict.ok, `the page's verify() says ${JSON.stringify(verdict)}`);
  await frames(page);
  const png = await page.screenshot(join(ARTIFACTS, shot));
  const { colours } = await inspect(page, png);
  check(colours > 100, `screenshot has only ${colours} colours`);
  // One run: the board is the recursion's (TryMove's), and Back then Step go on from there.
  const one = await page.evaluate(() => {
    const a = Module.app(), r = a.recursion();
    const same = (b) => JSON.stringify(a.board()) === JSON.stringify(b);
    const found = [a.placed(), r.placed, same(r.board)];
    a.setGranularity('move');
    a.back(2);
    a.setGranularity('line');
    const lines = a.recursion().lines;
    a.step();
    const now = a.recursion();
    return { found, stepped: [a.state(), now.lines - lines, a.placed() === now.placed,
                              same(now.board)] };
  });
  checkEqual(one.found, [74342, 74342, true], 'one run: the search and the recursion');
  checkEqual(one.stepped, ['paused', 1, true, true], 'one run: Back, then Step');
}

// What this browser offers a count by rows in an isolated page: the counting worker's threads
// (SharedArrayBuffer and workers), and in a worker the origin's private files with a sync
// handle, asked of the browser itself.
const savingSupport = (page) => page.evaluate(async () => {
  const threads = self.crossOriginIsolated && typeof SharedArrayBuffer == 'function';
  const code = `onmessage = async () => { try {
    const root = await navigator.storage.getDirectory();
    const file = await root.getFileHandle('kt-probe', { create: true });
    (await file.createSyncAccessHandle()).close();
    await root.removeEntry('kt-probe');
    postMessage(true);
  } catch (e) { postMessage(false); } };`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
  const handles = await new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = () => resolve(false);
    worker.postMessage(0);
  });
  worker.terminate();
  return { threads, handles };
});

// Served with COOP/COEP (a fresh origin: its own storage): where the browser has both, a 6x6
// count by rows saves as it goes, its tab is closed, and a new tab goes on from the save with
// the count of one run (A165134: 6,637,920); where it lacks either, the page says why the count
// cannot be saved. Both runs at a memory limit under the tables' peak (0.05 GB natively; the
// join needs 14 MB: knights count --size 6 --memory-limit 10 refuses there), so that their
// states go to the browser's storage too.
const MEMORY_6X6 = 20;
async function savedAndResumed(browser) {
  const server = await serve(SITE, { prelude: PRELUDE, isolated: true });
  let tab = null;
  try {
    tab = await openApp(browser, server.url);
    const support = await savingSupport(tab);
    // (The small limit only where the states can go to the browser's storage: elsewhere it
    // refuses the count, as it should.)
    checkEqual(await tab.evaluate((mb) => {
      // (One thread: time to close it.)
      Module.setCountThreads({ threads: 1, saveAfter: 0, memoryLimit: mb });
      const a = Module.app();
      return a.configure(6, 6, '1,1', 'auto') + a.setCountKind('all-open') +
             a.setCounter('rows') + a.countStart();
    }, support.threads && support.handles ? MEMORY_6X6 : null), '', 'count 6x6 open by rows');
    // The worker starts its threads and opens the browser's storage first: on a loaded
    // machine (two browsers testing beside a build) that took Firefox over 30 s once.
    const said = await waitFor(tab, () => {
      const s = Module.app().countState();
      const at = /^Saved at square (\d+)/.exec(s.saving);
      return ((at && Number(at[1]) >= 12) || /^This count cannot/.test(s.saving)) && s;
    }, null, { timeout: 90000, what: 'a save past square 12, or why the count cannot be saved' })
      .catch(async (e) => {
        const s = await tab.evaluate(() => Module.app().countState()).catch(() => null);
        throw new Error(`${e.message}; the count then: ${JSON.stringify(s)}`);
      });
    const why = (reason) => `This count cannot be saved: ${reason}. Closing the tab loses it.`;
    if (!support.threads || !support.handles) {
      await tab.evaluate(() => Module.app().countStop());
      checkEqual(said.saving, !support.threads
        ? why('it runs on the page\'s own thread (this browser does not run the counting ' +
              'worker\'s threads here), and a browser writes its storage as a count goes only ' +
              'from a worker')
        : why('this browser cannot write its storage from the counting worker (no ' +
              'FileSystemSyncAccessHandle)'), `what the page says (${JSON.stringify(support)})`);
      console.log(`    ${NAME}: ${said.saving}`);
      return;
    }
    checkEqual(said.state, 'running', 'the count when its tab closes');
    await tab.close();
    tab = await browser.open(server.url);
    const saved = await waitFor(tab, () => Module.app?.()?.savedCount?.(), null,
                                { what: 'the saved count' });
    checkEqual([saved.rows, saved.cols, saved.closed, saved.start, saved.squares],
               [6, 6, false, null, 36], 'the saved count');
    check(saved.squaresDone >= 12 && saved.squaresDone < 36, `saved at ${saved.squaresDone}`);
    check(await tab.evaluate(() => !!document.getElementById('kt-saved-count')),
          'the page offers the saved count');
    checkEqual(await tab.evaluate((mb) => Module.setCountThreads({ memoryLimit: mb }),
                                  MEMORY_6X6), '', 'the memory limit in the new tab');
    await tab.evaluate(() => document.querySelector('#kt-saved-count button').click());
    const done = await waitFor(tab, () => Module.app().countState().state !== 'running' &&
                               Module.app().countState(), null,
                               { timeout: 90000, what: 'the count gone on with' });
    checkEqual([done.state, done.counter, done.count, done.error], ['done', 'rows', '6637920', ''],
               `6x6 open gone on with from square ${saved.squaresDone}`);
    check(done.diskBytes > 0, `the states past ${MEMORY_6X6} MB in the browser's storage ` +
                              `(${done.diskBytes} bytes written)`);
    console.log(`    ${NAME}: saved at square ${saved.squaresDone} of 36, gone on with in a new ` +
                `tab: ${done.count}, ${(done.diskBytes / 1e6).toFixed(1)} MB of states ` +
                `written to the browser's storage`);
  } finally {
    await tab?.close().catch(() => {});
    server.close();
  }
}

// Served with COOP/COEP: a Run of the construction on 2^20 squares builds the tour in the
// counting worker where this browser runs it (Module.countThreads().threads > 0), and on the
// page's own thread where it does not: verified either way, the tour the start's. And a long
// search at the fastest pace (the textbook's tree for a closed 5x6 tour) goes on there after its
// first second, to the same tour in the same steps as the JS API's Search on the page's thread.
async function runInWorker(browser) {
  const server = await serve(SITE, { prelude: PRELUDE, isolated: true });
  let tab = null;
  try {
    tab = await openApp(browser, server.url);
    const threads = await tab.evaluate(() => Module.countThreads().threads);
    checkEqual(await tab.evaluate(() => {
      const a = Module.app();
      const refused = a.configureProblem({ rows: 1024, cols: 1024, start: '1,1',
                                           method: 'construct' });
      a.run();
      return refused;
    }), '', '1024x1024 construct');
    const r = await waitFor(tab, () => {
      const a = Module.app();
      // (The move numbers of a board this large come as its picture walks the tour, from the
      // frame after the tour is in.)
      return a.status() === 'found' && a.verify().ok && a.moveAt(1, 1) !== null &&
        { where: a.runElsewhere(), verified: JSON.parse(a.summary()).verified,
          first: a.moveAt(1, 1) };
    }, null, { timeout: 90000, what: 'the 1024x1024 tour' });
    checkEqual([r.where.building, r.where.built, r.where.error, r.verified, r.first],
               [false, threads > 0, '', true, 1],
               `the tour, with the worker's ${threads} threads`);
    console.log(`    ${NAME}: 1024x1024 built ${threads > 0 ? 'in the counting worker' :
      'on the page\'s thread (no worker threads here)'}`);
    const problem = { rows: 5, cols: 6, closed: true, start: '1,1', method: 'textbook' };
    await tab.evaluate((p) => {
      const a = Module.app();
      a.configureProblem(p);
      a.setSpeed(1, true);
      a.run();
    }, problem);
    const run = await waitFor(tab, () => {
      const a = Module.app();
      return a.status() === 'found' && a.state() === 'finished' && a.verify().ok &&
        { where: a.runElsewhere(), steps: [a.placed(), a.erased()], board: a.board() };
    }, null, { timeout: 120000, what: 'the 5x6 closed tour' });
    const here = await tab.evaluate((p) => {
      const s = new Module.Search();
      try {
        s.configureProblem(p);
        while (s.run(1e7) === 'running') {}
        return { steps: [s.placed(), s.erased()], board: s.board() };
      } finally {
        s.delete();
      }
    }, problem);
    checkEqual([run.where.searched, run.where.error, run.steps, run.board],
               [threads > 0, '', here.steps, here.board], 'the Run against Search on the page');
    console.log(`    ${NAME}: 5x6 closed, ${run.steps[0]} placed, ` +
                `${threads > 0 ? 'searched in the counting worker' : 'on the page\'s thread'}`);
  } finally {
    await tab?.close().catch(() => {});
    server.close();
  }
}

async function main() {
  check(ENGINE, `no engine "${NAME}": one of ${Object.keys(ENGINES).join(', ')}`);
  await mkdir(ARTIFACTS, { recursive: true });
  const server = await serve(SITE, { prelude: PRELUDE });
  const browser = await ENGINE.launch({ width: WIDTH, height: HEIGHT }).catch((e) => {
    server.close();
    throw e;
  });
  console.log(`${LABEL}: ${browser.version}`);
  let page = null, webgl2Pixels = null;
  const tests = [
    ['loads and draws with WebGL2, no message', async () => {
      page = await openApp(browser, server.url);
      checkEqual(await glVersion(page), 2, 'WebGL version');
      await idle5x5(page);
      webgl2Pixels = await squarePixels(page, SQUARES);
    }],
    ['a 5x5 tour through the JS API', async () => {
      const board = await page.evaluate(() => {
        const s = new Module.Search();
        try {
          const refused = s.configure(5, 5, '1,1', 'textbook');
          if (refused) return refused;
          while (s.run(100000) === 'running') {}
          return s.board();
        } finally {
          s.delete();
        }
      });
      checkTour(board, 'Search.board()');
    }],
    ['a 5x5 count through the JS API, on the page\'s thread where not isolated', async () => {
      // Served with no COOP/COEP headers: the count runs on the page's own thread, in slices.
      const c = await page.evaluate(async () => {
        const a = Module.app();
        const refused = a.configure(5, 5, '1,1', 'auto') + a.setCountKind('from-start') +
                        a.countStart();
        if (refused) return refused;
        while (a.countState().state === 'running') await new Promise((r) => setTimeout(r, 50));
        return { ...a.countState(), where: Module.countThreads() };
      });
      checkEqual([c.state, c.count, c.threads, c.where.threads],
                 ['done', '304', 1, 0], '5x5 from (1,1) counted');
      // By rows there too; a count there cannot be saved as it goes (the browser's storage is
      // written from the counting worker only, in isolated pages), and the page says so.
      const rows = await page.evaluate(async () => {
        const a = Module.app();
        const refused = a.setCountKind('all-open') + a.setCounter('rows') + a.countStart();
        if (refused) return refused;
        while (a.countState().state === 'running') await new Promise((r) => setTimeout(r, 50));
        return a.countState();
      });
      // 1728: OEIS A165134, 5x5's directed open tours.
      checkEqual([rows.state, rows.count, rows.counter, rows.saving],
                 ['done', '1728', 'rows', 'This count cannot be saved: it runs on the page\'s ' +
                  'own thread (the page is not cross-origin isolated here), and a browser writes ' +
                  'its storage as a count goes only from a worker. Closing the tab loses it.'],
                 '5x5 by rows, and why it is not saved');
    }],
    ['isolated: a count by rows goes on after its tab is closed, or the page says why not',
      () => (NAME === 'chromium' ? console.log('    (Chromium: browser.offline counts 6x7 so)')
        : savedAndResumed(browser))],
    ['isolated: a huge construction, and a long search, go to the counting worker where it runs',
      () => (NAME === 'chromium' ? console.log('    (Chromium: browser.offline runs them so)')
        : runInWorker(browser))],
    ['a click on Run solves the live board', () => clickRun(page, `engine-${NAME}.png`)],
    ["by keyboard alone: the Board control's cursor plays and predicts a move", async () => {
      // The accessible layer's Board control: arrows move its cursor, Enter plays the square.
      await page.evaluate(() => {
        const a = Module.app();
        a.configureProblem({ size: 5, start: '1,1', method: 'textbook' });
        a.setMode('play');
      });
      await frames(page, 3);
      await waitFor(page, () => !document.querySelector('#kt-a11y [data-widget="Board"]').hidden,
                    null, { what: 'the Board control' });
      await page.evaluate(() => document.querySelector('#kt-a11y [data-widget="Board"]').focus());
      for (const key of ['ArrowRight', 'ArrowUp', 'ArrowUp', 'Enter']) {
        await page.press(key);
        await frames(page, 2);
      }
      const r = await page.evaluate(() => ({ path: Module.app().play().path,
        label: document.querySelector('#kt-a11y [data-widget="Board"]').textContent }));
      checkEqual(r.path, [[1, 1], [2, 3]], 'played b3 by the keyboard');
      check(/b3 \(2,3\), move 2/.test(r.label), `the Board says ${r.label}`);
      // Predict: the recursion's next square, picked the same way (Sutcliffe's order tries
      // b3 first from a1).
      await page.evaluate(() => {
        const a = Module.app();
        a.setMode('watch');
        a.configureProblem({ size: 5, start: '1,1', method: 'textbook' });
        a.setMode('predict');
      });
      await frames(page, 3);
      await page.evaluate(() => document.querySelector('#kt-a11y [data-widget="Board"]').focus());
      for (const key of ['Home', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'Enter']) {
        await page.press(key);
        await frames(page, 2);
      }
      const score = await page.evaluate(() => Module.app().predictScore());
      checkEqual([score.asked, score.right], [1, 1], 'predicted b3 by the keyboard');
      await page.evaluate(() => Module.app().setMode('watch'));
    }],
    ['exports in slices: the JSON and text read back as the tour, the PNG', async () => {
      const r = await page.evaluate(async () => {
        const a = Module.app();
        a.configureProblem({ rows: 120, cols: 150, start: '1,1', method: 'construct' });
        a.setSpeed(1000000, true);
        a.run();
        const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
        for (let i = 0; i < 600 && a.status() !== 'found'; i++) await sleep(50);
        let json;  // refused while the picture still reads the tour's order
        for (let i = 0; i < 600; i++) {
          json = await Module.exportTour('json', { to: 'download' });
          if (json.state !== 'refused') break;
          await sleep(50);
        }
        const text = await Module.exportTour('text', { to: 'download' });
        const png = await Module.exportTour('png', { size: 300, to: 'download' });
        const head = png.blob ? new DataView(await png.blob.slice(0, 24).arrayBuffer()) : null;
        return { states: [json.state, text.state, png.state, json.message, text.message, png.message],
                 board: json.blob && JSON.parse(await json.blob.text()).board,
                 sameText: text.blob && (await text.blob.text()) === a.text(),
                 png: head && [head.getUint32(16), head.getUint32(20)],
                 longest: [json, text, png].map((e) => Math.round(e.longestSliceMs)) };
      });
      checkEqual(r.states.slice(0, 3), ['done', 'done', 'done'], `export states (${r.states.slice(3)})`);
      checkTour(r.board, 'the JSON export\'s board');
      check(r.sameText, 'the text export differs from app.text()');
      check(r.png[0] === 300 && r.png[1] > 240, `PNG ${r.png}`);
      // Each slice's work is bounded (export_job_test: one piece with no time left); its time
      // here depends on the engine and the machine's load, so it is a figure, not a test.
      console.log(`  ${NAME}: longest export slice (JSON, text, PNG) ${r.longest.join(', ')} ms`);
    }],
    ['an export to a file: the picked file holds the text once the export says it is saved',
     async () => {
      // The user's pick is the browser's dialog, which a test cannot answer: the picker is
      // replaced by one that hands over a file of the origin's private file system, the same
      // FileSystemFileHandle the dialog gives. An engine without writable files has no picker
      // either, and the page then downloads.
      const r = await page.evaluate(async () => {
        const a = Module.app();  // the 120x150 tour of the test before
        const writable = typeof FileSystemFileHandle == 'function' &&
                         'createWritable' in FileSystemFileHandle.prototype;
        let handle = null;
        if (writable) {
          const root = await navigator.storage.getDirectory();
          handle = await root.getFileHandle('export-test.txt', { create: true });
          window.showSaveFilePicker = async () => handle;
        } else {
          delete window.showSaveFilePicker;
        }
        const out = await Module.exportTour('text', { to: 'file' });
        const saved = handle ? await (await handle.getFile()).text() : await out.blob?.text();
        return { writable, state: out.state, message: out.message, sink: out.sink,
                 same: saved === a.text(), bytes: saved?.length };
      });
      console.log(`  ${NAME}: writable files ${r.writable}, saved to the ${r.sink} ` +
                  `(${r.bytes} characters)`);
      checkEqual(r.state, 'done', `the export's state (${r.message})`);
      checkEqual(r.sink, r.writable ? 'file' : 'download', 'where the export went');
      check(r.same, `the ${r.sink} differs from app.text()`);
    }],
    ['no WebGL2: drawn with WebGL1, same pixels, no message', async () => {
      await page.close();
      page = null;
      page = await openApp(browser, `${server.url}#no-webgl2`);
      checkEqual(await glVersion(page), 1, 'WebGL version');
      await idle5x5(page);
      const pixels = await squarePixels(page, SQUARES);
      const far = pixels.findIndex((p, i) =>
        p.some((v, c) => Math.abs(v - webgl2Pixels[i][c]) > 2));
      check(far < 0, `square ${SQUARES[far]}: WebGL1 ${pixels[far]}, WebGL2 ${webgl2Pixels[far]}`);
      // Squares are drawn: neighbours differ (light and dark), and none is the background.
      check(pixels[12].some((v, c) => Math.abs(v - pixels[13][c]) > 20),
            `squares (3,3) and (4,3) look alike: ${pixels[12]} ${pixels[13]}`);
      const background = [28, 31, 36];  // the clear colour, web/main.cpp
      check(pixels.every((p) => p.some((v, c) => Math.abs(v - background[c]) > 8)),
            `some square is background: ${JSON.stringify(pixels)}`);
    }],
    ['no WebGL2: a click on Run solves', () => clickRun(page, `engine-${NAME}-webgl1.png`)],
    ['no WebGL2: a large board is drawn as its picture (a texture)', async () => {
      checkEqual(await page.evaluate(() => {
        const a = Module.app();
        a.setSpeed(1, true);
        const refused = a.configureProblem({ size: 300, start: '1,1', method: 'construct' });
        if (!refused) a.run();
        return refused;
      }), '', 'configureProblem 300x300');
      await waitFor(page, () => Module.app().state() === 'finished', null,
                    { what: 'the construction to finish' });
      await frames(page, 5);
      // The tour's squares are coloured by when the knight got there: blue first, red last.
      const along = [[1, 1], [150, 150], [300, 300], [1, 300], [300, 1], [75, 225], [225, 75]];
      const pixels = await squarePixels(page, along, 0.5);
      const distinct = new Set(pixels.map((p) => p.join()));
      check(distinct.size >= 4, `only ${distinct.size} colours on the board: ${JSON.stringify(pixels)}`);
      check(pixels.some(([r, , b]) => b > r + 40) && pixels.some(([r, , b]) => r > b + 40),
            `no blue and red squares: ${JSON.stringify(pixels)}`);
      await page.screenshot(join(ARTIFACTS, `engine-${NAME}-webgl1-300x300.png`));
    }],
  ];
  try {
    return await runTests(LABEL, tests.map((t) => [t[0], t[1]]), async ([, fn]) => {
      check(page || fn === tests[0][1], 'no page (an earlier test failed to open it)');
      await fn();
      await checkNoErrors(page);
    });
  } finally {
    await page?.close().catch(() => {});
    await browser.close();
    server.close();
  }
}

// Firefox and WebKit need a display: the script runs itself again under xvfb-run.
if (ENGINE?.display && !process.env.KT_XVFB) {
  const run = spawnSync('xvfb-run', ['-a', '-s', `-screen 0 ${WIDTH}x${HEIGHT + 224}x24`,
                                     process.execPath, ...process.argv.slice(1)],
                        { stdio: 'inherit', env: { ...process.env, KT_XVFB: '1' } });
  if (run.error) {
    console.log(`${LABEL}: setup failed: xvfb-run: ${run.error.message} ` +
                '(install Debian\'s xvfb and xauth: scripts/setup.sh does)');
  }
  process.exitCode = run.error ? 1 : run.status ?? 1;
} else {
  await exitWith(LABEL, main);
}
