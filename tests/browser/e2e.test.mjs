// End-to-end test of the built page in Debian's Chromium (playwright-core): real mouse clicks
// and typing on the ImGui canvas (boards, methods, closed tours, blocked squares, counting), the
// JS API (Search, Counter, the live app), frame times on large boards, HiDPI and resizing.
// Screenshots go to test-artifacts/. Prints "browser: N passed, M failed" and exits non-zero on
// failure.
//
//   node tests/browser/e2e.test.mjs [site dir]     (default: build/wasm/site)
//   KT_ONLY=text runs only the tests whose name contains `text` (debugging).
import { join } from 'node:path';

import { app, ARTIFACTS, check, checkEqual, clickSquare, clickWidget, exitWith, frames, frameTimes,
  FRAME_BUDGET_MS, inspect, pick, reopen, reveal, runOnSite, touch, typeInto } from './page.mjs';

// Sutcliffe's printed 5x5 tour from (1,1), top row first.
const TEXTBOOK_5X5 = [[25, 18, 3, 12, 23], [8, 13, 24, 17, 4], [19, 2, 7, 22, 11],
  [14, 9, 20, 5, 16], [1, 6, 15, 10, 21]];
const GREEN = [28, 128, 64];  // banner colours in ui/explorer_screen.cpp
const RED = [170, 44, 44];

const near = (rgb, want) => rgb.every((v, i) => Math.abs(v - want[i]) <= 3);

async function bannerColour(page, png, dpr) {
  const b = await app(page, () => Module.app().widgetRect('Banner'));
  const { samples } = await inspect(page, png, [[b.x + b.w - 10, b.y + b.h / 2]], dpr);
  return samples[0];
}

// Picks 5x5 from (1,1) with the mouse, runs at full speed and checks the textbook's tour.
async function tourThroughUi(page, dpr, shot) {
  await clickWidget(page, '5x5');
  checkEqual(await app(page, () => [Module.app().config().rows, Module.app().config().cols]),
             [5, 5], 'board size after clicking 5x5');
  await clickSquare(page, 3, 3);  // the start moves where we click...
  checkEqual(await app(page, () => Module.app().config().start), '3,3', 'start after (3,3)');
  await clickSquare(page, 1, 1);  // ...and back to the textbook's corner
  checkEqual(await app(page, () => Module.app().config().start), '1,1', 'start after (1,1)');
  if (!(await app(page, () => Module.app().speed().fastest))) await clickWidget(page, 'Fastest');
  check(await app(page, () => Module.app().speed().fastest), 'max speed checkbox not set');
  await clickWidget(page, 'Run');
  await page.waitForFunction(() => Module.app().status() !== 'running', null, { timeout: 30000 });
  checkEqual(await app(page, () => Module.app().status()), 'found', 'status');
  checkEqual(await app(page, () => Module.app().state()), 'finished', 'state');
  checkEqual(await app(page, () => Module.app().board()), TEXTBOOK_5X5, 'board');
  const verdict = await app(page, () => Module.app().verify());
  check(verdict.ok, `page's verify() says ${JSON.stringify(verdict)}`);
  const json = JSON.parse(await app(page, () => Module.app().json()));
  checkEqual([json.status, json.start, json.board], ['found', [1, 1], TEXTBOOK_5X5], 'json()');
  await frames(page);
  const png = await page.screenshot({ path: join(ARTIFACTS, shot) });
  const { colours } = await inspect(page, png);
  check(colours > 100, `screenshot has only ${colours} colours`);
  check(near(await bannerColour(page, png, dpr), GREEN), 'banner is not green');
  // A click on the finished board picks a square and shows its move: the tour stays.
  await clickSquare(page, 3, 3);
  checkEqual(await app(page, () => {
    const a = Module.app();
    return [a.selected(), a.state(), a.status(), a.config().start, a.board()];
  }), [[3, 3], 'finished', 'found', '1,1', TEXTBOOK_5X5], 'after clicking (3,3) on the tour');
  await frames(page);
  await page.screenshot({ path: join(ARTIFACTS, shot.replace('.png', '-selected.png')) });
  await clickSquare(page, 3, 3);  // a second click unselects
  checkEqual(await app(page, () => Module.app().selected()), null, 'after a second click');
  // Reset makes the board editable again: the click sets the start.
  await clickWidget(page, 'Reset');
  await clickSquare(page, 3, 3);
  checkEqual(await app(page, () => [Module.app().state(), Module.app().config().start]),
             ['idle', '3,3'], 'start after Reset and a click');
}

// Browsers the tests run in: a desktop window, the same at 2x pixel ratio, a phone, and a
// browser without WebGL.
const GROUPS = {
  desktop: { deviceScaleFactor: 1 },
  hidpi: { deviceScaleFactor: 2 },
  phone: { deviceScaleFactor: 2.625, width: 412, height: 860, hasTouch: true },
  nowebgl: { args: ['--disable-3d-apis'] },
};

const tests = [
  ['page loads and draws', 'desktop', async (page) => {
    const size = await page.evaluate(() =>
      [Module.canvas.width, Module.canvas.height, innerWidth, innerHeight,
       document.getElementById('note').hidden,
       document.documentElement.scrollHeight <= innerHeight]);
    checkEqual(size, [1280, 800, 1280, 800, true, true], 'canvas, window, note hidden, no scroll');
    const png = await page.screenshot({ path: join(ARTIFACTS, 'browser-1-idle.png') });
    const { colours } = await inspect(page, png);
    check(colours > 50, `canvas looks blank: ${colours} colours`);
    // Left alone, the page runs its frames but draws nothing new on the canvas, which keeps its
    // picture (a phone's battery, a projector's laptop, a course page with several embeds).
    const idle = () => page.evaluate(() => new Promise((resolve) => {
      const a = Module.frameStats();
      setTimeout(() => {
        const b = Module.frameStats();
        resolve({ frames: b.frames - a.frames, drawn: b.drawn - a.drawn });
      }, 1000);
    }));
    await idle();  // the code pane's font and the deferred code arrive after the first frame
    const still = await idle();
    check(still.frames >= 10 && still.drawn === 0, `idle second: ${JSON.stringify(still)}`);
    // The pointer over Run lights it up: drawn again, then still again.
    const run = await app(page, () => Module.app().widgetRect('Run'));
    await page.mouse.move(run.x + run.w / 2, run.y + run.h / 2);
    await frames(page);
    const lit = await idle();
    check(lit.drawn === 0, `after the hover settled: ${JSON.stringify(lit)}`);
    const drawn = await app(page, () => Module.frameStats().drawn);
    await page.mouse.move(5, 5);
    await frames(page);
    check(await app(page, () => Module.frameStats().drawn) > drawn, 'leaving Run drew no frame');
  }],

  ['5x5 tour from (1,1) by mouse', 'desktop', (page) => tourThroughUi(page, 1, 'browser-2-found-5x5.png')],

  ['bad start typed shows an error, page keeps working', 'desktop', async (page) => {
    await clickWidget(page, 'Start');  // selects all: typing replaces
    await page.keyboard.type('zz9', { delay: 60 });
    await page.keyboard.press('Enter', { delay: 100 });
    await frames(page);
    const error = await app(page, () => Module.app().error());
    check(/zz9/.test(error), `no error for zz9, got "${error}"`);
    checkEqual(await app(page, () => Module.app().status()), 'invalid', 'status');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-3-bad-start.png') });
    await clickWidget(page, 'Run');  // disabled: nothing happens
    checkEqual(await app(page, () => Module.app().state()), 'idle', 'state after Run');
    await clickSquare(page, 2, 3);  // a click on the board fixes the start
    checkEqual(await app(page, () => [Module.app().error(), Module.app().config().start]),
               ['', '2,3'], 'error and start after clicking (2,3)');
  }],

  ['Run, Pause, Step and Reset by mouse', 'desktop', async (page) => {
    await clickWidget(page, '8x8');
    await pick(page, 'Method', 'textbook');  // auto would construct 8x8 within a frame
    checkEqual(await app(page, () => [Module.app().config().method, Module.app().method()]),
               ['textbook', 'textbook'], 'method after picking textbook');
    await clickWidget(page, 'Run');
    await frames(page, 10);
    checkEqual(await app(page, () => Module.app().state()), 'running', 'state after Run');
    await clickWidget(page, 'Pause');
    checkEqual(await app(page, () => Module.app().state()), 'paused', 'state after Pause');
    // The run is TryMove's: Step goes on from where Run left it, by the granularity (a line).
    const steps = () => app(page, () => Module.app().placed() + Module.app().erased());
    const lines = () => app(page, () => Module.app().recursion().lines);
    const before = await steps();
    check(before > 0, 'no steps taken while running');
    const linesBefore = await lines();
    await frames(page, 5);
    checkEqual(await steps(), before, 'steps while paused');
    await clickWidget(page, 'Step');
    checkEqual(await lines(), linesBefore + 1, 'lines after Step');
    check((await steps()) - before <= 1, 'Step ran more than the line');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-4-paused-8x8.png') });
    await clickWidget(page, 'Reset');
    checkEqual(await app(page, () => [Module.app().state(), Module.app().placed()]), ['idle', 0],
               'after Reset');
  }],

  ['exhausted search shows "No tour exists"', 'desktop', async (page) => {
    checkEqual(await app(page, () => Module.app().configure(4, 4, '1,1', 'textbook')), '',
               'configure 4x4');
    await clickWidget(page, 'Fastest');
    await clickWidget(page, 'Run');
    await page.waitForFunction(() => Module.app().status() !== 'running', null, { timeout: 30000 });
    checkEqual(await app(page, () => Module.app().status()), 'none', 'status');
    const reason = await app(page, () => Module.app().reason());
    check(/no 4x4 board has an open tour/.test(reason), `reason: ${reason}`);
    await frames(page);
    const png = await page.screenshot({ path: join(ARTIFACTS, 'browser-5-no-tour-4x4.png') });
    check(near(await bannerColour(page, png, 1), RED), 'banner is not red');
  }],

  ['closed 6x6 tour by mouse, verified through the JS API', 'desktop', async (page) => {
    await clickWidget(page, '6x6');
    await clickWidget(page, 'Closed');
    checkEqual(await app(page, () => Module.app().config().closed), true, 'closed after click');
    await pick(page, 'Method', 'warnsdorff');
    await clickWidget(page, 'Fastest');
    await clickWidget(page, 'Run');
    await page.waitForFunction(() => Module.app().status() !== 'running', null, { timeout: 30000 });
    const r = await app(page, () => {
      const a = Module.app();
      return { status: a.status(), method: a.method(), verify: a.verify(), path: a.path(),
               json: JSON.parse(a.json()) };
    });
    checkEqual([r.status, r.method, r.verify.ok, r.verify.closed, r.json.closed, r.json.verified],
               ['found', 'warnsdorff', true, true, true, true], 'closed 6x6');
    // Independently of the page's verifier: 36 distinct squares, knight jumps, back to the start.
    const key = ([x, y]) => `${x},${y}`;
    checkEqual(new Set(r.path.map(key)).size, 36, 'distinct squares');
    const jump = (a, b) => Math.abs((a[0] - b[0]) * (a[1] - b[1])) === 2;
    check(r.path.every((q, i) => jump(q, r.path[(i + 1) % 36])), 'not a closed knight tour');
    await frames(page);
    const png = await page.screenshot({ path: join(ARTIFACTS, 'browser-10-closed-6x6.png') });
    check(near(await bannerColour(page, png, 1), GREEN), 'banner is not green');
  }],

  ['blocking squares by clicking: theory says why there is no tour', 'desktop', async (page) => {
    await clickWidget(page, '8x8');
    await pick(page, 'Method', 'auto');
    await clickWidget(page, 'Click:block');
    checkEqual(await app(page, () => Module.app().clickMode()), 'block', 'click mode');
    await clickSquare(page, 1, 1);
    await clickSquare(page, 8, 8);
    await clickWidget(page, 'Click:start');
    await clickSquare(page, 2, 1);
    const r = await app(page, () => {
      const a = Module.app();
      return [a.config().blocked, a.config().start, a.state(), a.status(), a.reason()];
    });
    checkEqual(r.slice(0, 4), ['1,1;8,8', '2,1', 'finished', 'none'], 'blocked, start, state');
    check(/colour/.test(r[4]) && /30 squares of one colour and 32/.test(r[4]), `reason: ${r[4]}`);
    await frames(page);
    const png = await page.screenshot({ path: join(ARTIFACTS, 'browser-11-blocked-no-tour.png') });
    check(near(await bannerColour(page, png, 1), RED), 'banner is not red');
    // A blocked square is drawn dark; a free one is not.
    const sq = await app(page, () => [Module.app().squareRect(1, 1), Module.app().squareRect(3, 1)]);
    const { samples } = await inspect(page, png, [[sq[0].x + 3, sq[0].y + 3],
                                                  [sq[1].x + 3, sq[1].y + 3]]);
    check(samples[0].every((v) => v < 70), `blocked (1,1) is not dark: ${samples[0]}`);
    check(samples[1].some((v) => v > 150), `free (3,1) is dark: ${samples[1]}`);
    // Unblock (8,8) with a second click, set an end by clicking, then clear all blocks.
    await clickWidget(page, 'Click:block');
    await clickSquare(page, 8, 8);
    checkEqual(await app(page, () => Module.app().config().blocked), '1,1', 'after unblocking');
    await clickWidget(page, 'Click:end');
    await clickSquare(page, 8, 8);
    checkEqual(await app(page, () => Module.app().config().end), '8,8', 'end after click');
    await clickWidget(page, 'ClearBlocked');
    checkEqual(await app(page, () => [Module.app().config().blocked, Module.app().status()]),
               ['', 'running'], 'after Clear blocked');
    await clickWidget(page, 'Fastest');
    await clickWidget(page, 'Run');
    await page.waitForFunction(() => Module.app().status() !== 'running', null, { timeout: 30000 });
    const path = await app(page, () => Module.app().path());
    checkEqual([path.length, path[0], path[63]], [64, [2, 1], [8, 8]], 'open tour (2,1) to (8,8)');
    await frames(page);
    await page.screenshot({ path: join(ARTIFACTS, 'browser-12-end-square.png') });
  }],

  ['construction on large boards: progress, responsive frames', 'desktop', async (page) => {
    // 300x300, typed, at 60 blocks a second (by the clock, however slow the frames): the
    // blocks appear one row of blocks after another, and Pause comes before the end (seconds
    // before it, so that a loaded machine's slow click still lands in time).
    await typeInto(page, 'Rows', '300');
    await typeInto(page, 'Cols', '300');
    await pick(page, 'Method', 'construct');
    checkEqual(await app(page, () => [Module.app().config().rows, Module.app().config().cols,
                                      Module.app().largeBoard()]), [300, 300, true], '300x300');
    await app(page, () => Module.app().setStepsPerSecond(60, false));
    const t300 = await frameTimes(page, async () => {
      await clickWidget(page, 'Run');
      await page.waitForFunction(() => Module.app().blocks().done > 30, null, { timeout: 30000 });
    });
    await clickWidget(page, 'Pause');  // the page answers clicks while constructing
    const mid = await app(page, () => [Module.app().state(), Module.app().blocks()]);
    await page.screenshot({ path: join(ARTIFACTS, 'browser-13-construct-300-progress.png') });
    const t300b = await frameTimes(page, async () => {
      await clickWidget(page, 'Run');
      await page.waitForFunction(() => Module.app().status() !== 'running', null, { timeout: 30000 });
      await frames(page, 12);  // the tour's order is coloured in over a few frames
    });
    t300.appMaxMs = Math.max(t300.appMaxMs, t300b.appMaxMs);
    t300.gapMaxMs = Math.max(t300.gapMaxMs, t300b.gapMaxMs);
    t300.frames += t300b.frames;
    checkEqual(mid[0], 'paused', 'state after Pause');
    check(mid[1].done > 30 && mid[1].done < mid[1].total, `blocks at pause: ${JSON.stringify(mid[1])}`);
    const v300 = await app(page, () => [Module.app().status(), Module.app().verify().ok]);
    checkEqual(v300, ['found', true], '300x300 construct');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-14-construct-300-done.png') });

    // 1000x1000 (the page's cap for a search; the construction takes 10^8), as fast as frames allow.
    checkEqual(await app(page, () => Module.app().configureProblem(
      { rows: 1000, cols: 1000, start: '1,1', method: 'construct' })), '', 'configure 1000x1000');
    await frames(page, 3);
    await clickWidget(page, 'Fastest');
    const t1000 = await frameTimes(page, async () => {
      await clickWidget(page, 'Run');
      await page.waitForFunction(() => Module.app().status() !== 'running', null, { timeout: 30000 });
      await frames(page, 15);
    });
    const v1000 = await app(page, () => [Module.app().status(), Module.app().verify().ok,
                                         JSON.parse(Module.app().summary()).verified]);
    checkEqual(v1000, ['found', true, true], '1000x1000 construct');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-15-construct-1000.png') });
    const refused = await app(page, () => Module.app().configure(1001, 1000, '1,1', 'warnsdorff'));
    check(/^board: 1001x1000 .*1000000 squares/.test(refused), `1001x1000: ${refused}`);
    console.log(`    longest frame, 300x300 construct at 60 blocks/s: app ${t300.appMaxMs.toFixed(1)} ms` +
                ` (${t300.frames} frames), between animation frames ${t300.gapMaxMs.toFixed(0)} ms`);
    console.log(`    longest frame, 1000x1000 construct, fastest: app ${t1000.appMaxMs.toFixed(1)} ms` +
                ` (${t1000.frames} frames), between animation frames ${t1000.gapMaxMs.toFixed(0)} ms`);
    check(t300.appMaxMs < FRAME_BUDGET_MS && t1000.appMaxMs < FRAME_BUDGET_MS,
          `a frame took over ${FRAME_BUDGET_MS} ms`);
  }],

  ['counting by mouse: 5x5 from a corner = 304, a long count stops', 'desktop', async (page) => {
    await clickWidget(page, '5x5');
    await pick(page, 'CountKind', 'from-start');
    await clickWidget(page, 'Count');
    await page.waitForFunction(() => Module.app().countState().state !== 'running', null,
                               { timeout: 30000 });
    const c = await app(page, () => Module.app().countState());
    checkEqual([c.state, c.count, c.progress, c.what],
               ['done', '304', 1, 'directed open tours from (1,1)'], '5x5 count');
    // Where it ran follows isolation: served with no COOP/COEP headers, a page is isolated only
    // once the service worker registered by an earlier page answers it; then in the counting
    // worker on the machine's threads, else on the page's own thread.
    const where = await app(page, () => ({ ...Module.countThreads(),
      crossOriginIsolated: self.crossOriginIsolated, cores: navigator.hardwareConcurrency }));
    checkEqual([c.threads, where.isolated, where.threads],
               where.crossOriginIsolated ? [Math.min(where.cores, 64), true, c.threads]
                                         : [1, false, 0], 'where the 5x5 count ran');
    check(await app(page, () => Module.app().widgetRect('Progress')), 'no progress bar');
    await frames(page);
    await reveal(page, 'Progress');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-16-count-5x5.png') });

    // 7x7 from a corner by the search takes hours: Count says so first and waits for Count
    // anyway; then the progress bar moves, frames stay short, Stop stops it. (Auto counts it by
    // rows, in minutes here: below.)
    await clickWidget(page, '7x7');
    await pick(page, 'Counter', 'search');
    await clickWidget(page, 'Count');
    const asking = await app(page, () => Module.app().countState());
    check(asking.state === 'asking' && asking.forecastSeconds > 180 &&
          /^Counting directed open tours from \(1,1\) should take about .* (minutes|hours|days|years) /.test(asking.forecast),
          `7x7 count before it starts: ${JSON.stringify(asking)}`);
    await reveal(page, 'CountAnyway');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-16b-count-asks.png') });
    await clickWidget(page, 'CountAnyway');
    // Until the count has tours and progress and the page has drawn 30 frames meanwhile.
    const times = await frameTimes(page, () => page.waitForFunction(() => {
      const c = Module.app().countState();
      return BigInt(c.count) > 0n && c.progress > 0 && Module.frameStats().frames >= 30;
    }, null, { timeout: 120000 }));
    const running = await app(page, () => Module.app().countState());
    await reveal(page, 'Progress');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-17-count-7x7-running.png') });
    await clickWidget(page, 'Stop');
    check(running.state === 'running' && BigInt(running.count) > 0n && running.progress > 0,
          `7x7 count while running: ${JSON.stringify(running)}`);
    checkEqual(await app(page, () => Module.app().countState().state), 'stopped', 'after Stop');
    console.log(`    longest frame while counting 7x7: app ${times.appMaxMs.toFixed(1)} ms ` +
                `(${times.frames} frames), between animation frames ${times.gapMaxMs.toFixed(0)} ms; ` +
                `${running.count} tours so far`);
    check(times.appMaxMs < FRAME_BUDGET_MS, `a frame took over ${FRAME_BUDGET_MS} ms`);
    await pick(page, 'Counter', 'auto');

    // Too large to count: the counter's own message.
    // 8x8 open tours: the forecast the CLI refuses with ("about ... years"), and Cancel.
    await clickWidget(page, '8x8');
    await pick(page, 'CountKind', 'all-open');
    await clickWidget(page, 'Count');  // 64 squares: accepted, but it asks first
    const eight = await app(page, () => Module.app().countState());
    check(eight.state === 'asking' && / years \(estimated from a short trial/.test(eight.forecast),
          `8x8 all-open: ${JSON.stringify(eight)}`);
    checkEqual(eight.what, 'directed open tours (every start, each direction)', 'all-open 8x8');
    console.log(`    ${eight.forecast}`);
    await clickWidget(page, 'CountCancel');
    checkEqual(await app(page, () => Module.app().countState().state), 'idle', '8x8 cancelled');
    checkEqual(await app(page, () => Module.app().configure(9, 9, '1,1', 'auto')), '', '9x9');
    await clickWidget(page, 'Count');
    const refused = await app(page, () => Module.app().countState());
    check(/at most 64 free squares.*counting by rows would need about/.test(refused.error),
          `9x9 count: ${JSON.stringify(refused)}`);
    await reveal(page, 'Count');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-18-count-refused.png') });

    // Counting by rows (the CLI's --counter rows): a long strip exactly, its rows in progress.
    checkEqual(await app(page, () => Module.app().configureProblem(
      { rows: 3, cols: 50, closed: true, method: 'auto' })), '', '3x50 closed');
    await pick(page, 'Counter', 'rows');
    await clickWidget(page, 'Count');
    await page.waitForFunction(() => Module.app().countState().state !== 'running', null,
                               { timeout: 30000 });
    const strip = await app(page, () => Module.app().countState());
    checkEqual([strip.state, strip.counter, strip.count, strip.rowsDone, strip.rows],
               ['done', 'rows', '960786342292812728320', 50, 50], '3x50 closed by rows');
    await reveal(page, 'Progress');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-18b-count-rows-3x50.png') });
    // 7x7 open tours by rows: within the page's memory (about 1.3 GB forecast, 1500 MB allowed),
    // so it starts, its rows in progress; Stop stops it (the whole count takes minutes).
    checkEqual(await app(page, () => Module.app().configure(7, 7, '1,1', 'auto')), '', '7x7');
    await pick(page, 'CountKind', 'all-open');
    await clickWidget(page, 'Count');
    await page.waitForFunction(() => Module.app().countState().rowsDone >= 2, null,
                               { timeout: 60000 });
    const seven = await app(page, () => Module.app().countState());
    await clickWidget(page, 'Stop');
    check(seven.state === 'running' && seven.counter === 'rows' && seven.error === '' &&
          seven.rows === 7, `7x7 by rows: ${JSON.stringify(seven)}`);
    checkEqual(await app(page, () => Module.app().countState().state), 'stopped', '7x7 stopped');
    await pick(page, 'Counter', 'auto');
  }],

  ['JS API: Search and bad arguments', 'desktop', async (page) => {
    const r = await page.evaluate(() => {
      const s = new Module.Search();
      const out = { configure: s.configure(5, 5, 'a1', 'textbook') };
      let status;
      do status = s.run(100000); while (status === 'running');
      Object.assign(out, {
        status, board: s.board(), path: s.path().length, verify: s.verify(),
        text: s.text().split('\n')[0], json: JSON.parse(s.json()).status,
        steps: s.placed() + s.erased(),
      });
      out.bad = [
        s.configure(-1, 5, '1,1', 'textbook'), s.configure(1e12, 1e12, '1,1', 'textbook'),
        s.configure(2000, 2000, '1,1', 'textbook'), s.configure(5.5, 5, '1,1', 'textbook'),
        s.configure('five', 5, '1,1', 'textbook'), s.configure(NaN, 5, '1,1', 'textbook'),
        s.configure(5, 5, 'garbage', 'textbook'), s.configure(5, 5, '9,9', 'textbook'),
        s.configure(5, 5, 42, 'textbook'), s.configure(5, 5, '1,1', 'nope'),
        Module.app().configure(-3, 5, '1,1', 'textbook'), s.configure(1, 200000, '1,1', 'auto'),
        Module.app().configure(5, 5, null, 'wirth'), s.configure(Infinity, 5, '1,1', 'auto'),
      ];
      out.afterBad = [s.status(), s.run('lots'), s.run(-5), Module.app().status()];
      // Numbers may come as text too: the same road as the CLI's and the URL's.
      out.asText = [s.configure('5', '5', 'a1', 'textbook'), s.configure(5, 5, [1, 1], 'auto')];
      // The search's stack and last step, on Search and on the live app alike.
      const t = new Module.Search();
      t.configure(5, 5, '1,1', 'textbook');
      t.run(3);
      out.stack = [t.stack(), t.lastAction(), t.depth()];
      t.delete();
      const a = Module.app();
      a.configure(5, 5, '1,1', 'textbook');
      a.setGranularity('move');  // the run is TryMove's: Step by a move places one
      a.step();
      a.setGranularity('line');
      out.live = [a.lastAction(), a.stack().length, a.clickSquare(2, 2), a.selected(),
                  a.config().start];
      a.reset();
      out.live.push(a.clickSquare(2, 2), a.config().start, a.clickSquare(9, 9),
                    a.clickSquare('a', 1), a.setClickMode('diagonal'));
      const w = new Module.Search();
      out.wirth = [w.configure(6, 6, '1,1', 'wirth')];
      do status = w.run(1e6); while (status === 'running');
      out.wirth.push(status, w.verify().ok);
      s.delete();
      w.delete();
      return out;
    });
    checkEqual([r.configure, r.status, r.board, r.path, r.verify.ok, r.json],
               ['', 'found', TEXTBOOK_5X5, 25, true, 'found'], 'textbook 5x5 via Search');
    checkEqual(r.text, '   25   18    3   12   23', 'text() first line');
    // Every message names the field at fault first.
    const fields = ['rows', 'rows', 'board', 'rows', 'rows', 'rows', 'start', 'start', 'start',
                    'method', 'rows', 'cols', 'start', 'rows'];
    for (const [i, m] of r.bad.entries()) {
      check(typeof m === 'string' && m.startsWith(`${fields[i]}: `),
            `bad input #${i}: expected a message about ${fields[i]}, got "${m}"`);
    }
    checkEqual(r.afterBad, ['found', "maxSteps: expected a whole number of at least 1 (got 'lots')",
      'maxSteps: expected a whole number of at least 1 (got -5)', 'running'], 'state after bad input');
    checkEqual(r.asText, ['', ''], 'numbers as text, squares as [x, y]');
    checkEqual(r.stack[0].length, 4, 'stack after 3 steps');
    checkEqual(r.stack[0][0], { move: 1, x: 1, y: 1, candidate: r.stack[0][0].candidate },
               'frame 0');
    check(r.stack[0][0].candidate >= 1, 'frame 0 tried a move');
    checkEqual([r.stack[1], r.stack[2]], ['placed', 3], 'last action and depth');
    checkEqual(r.live, ['placed', 2, 'selected', [2, 2], '1,1', 'edited', '2,2', 'ignored',
                        'ignored', r.live[9]], 'live app: stack, clicks');
    check(/^mode: /.test(r.live[9]), `setClickMode refusal: ${r.live[9]}`);
    checkEqual(r.wirth, ['', 'found', true], 'wirth 6x6');
    console.log(`    textbook 5x5 from (1,1): ${r.steps} steps; messages: "${r.bad[0]}", ` +
                `"${r.bad[2]}", "${r.bad[6]}"`);
  }],

  ['JS API: configureProblem, method, reason, summary; bad input', 'desktop', async (page) => {
    const r = await page.evaluate(() => {
      const s = new Module.Search();
      const out = {};
      // Theory answers at once, with its reason.
      out.corners = [s.configureProblem({ rows: 8, cols: 8, start: '2,1', blocked: '1,1;8,8' }),
                     s.status(), s.method(), s.reason()];
      // Every method, each on the problem it suits.
      out.methods = [];
      for (const [problem, steps] of [
        [{ rows: 6, cols: 6, start: [1, 1], closed: true, method: 'warnsdorff' }, 1e5],
        [{ rows: 5, cols: 5, start: 'a1', end: '5,5', method: 'wirth' }, 1e5],
        [{ rows: 12, cols: 10, start: '3,3', method: 'construct' }, 1e5],
        [{ rows: 8, cols: 8, start: 'c3', blocked: [[4, 4], '5,4'], method: 'auto' }, 1e5],
        [{ rows: 5, cols: 5 }, 1e5],
      ]) {
        const why = s.configureProblem(problem);
        let status;
        do status = s.run(steps); while (status === 'running');
        const v = s.verify(), path = s.path();
        out.methods.push([why, status, s.method(), v.ok, v.closed, path.length,
                          JSON.parse(s.summary()).verified]);
      }
      out.blocks = (s.configureProblem({ rows: 40, cols: 30, method: 'construct' }), s.blocks());
      out.summary = JSON.parse(s.summary());
      const a = Module.app();
      out.app = [a.configureProblem({ rows: 7, cols: 7, start: '4,4', end: '1,1',
                                      blocked: '2,2;6,6', method: 'warnsdorff' }),
                 a.config(), a.method(), a.status()];
      const bad = [
        undefined, null, 42, 'rows=8', [8, 8], {}, { rows: 8 }, { cols: 8 },
        { rows: 'eight', cols: 8 }, { rows: NaN, cols: 8 }, { rows: 8, cols: Infinity },
        { rows: 8.5, cols: 8 }, { rows: 1e9, cols: 1e9 }, { rows: 10001, cols: 10000 },
        { rows: 8, cols: 8, strat: '1,1' }, { rows: 8, cols: 8, start: 11 },
        { rows: 8, cols: 8, start: [1] }, { rows: 8, cols: 8, start: [1.5, 2] },
        { rows: 8, cols: 8, start: '9,9' }, { rows: 8, cols: 8, start: 'x'.repeat(100000) },
        { rows: 8, cols: 8, end: '1,1' }, { rows: 8, cols: 8, closed: true, end: '2,3' },
        { rows: 8, cols: 8, closed: 'maybe' }, { rows: 8, cols: 8, blocked: 7 },
        { rows: 8, cols: 8, blocked: ['1,1', {}] }, { rows: 8, cols: 8, blocked: '1,1;zz' },
        { rows: 8, cols: 8, blocked: '0,0' }, { rows: 8, cols: 8, blocked: '1,1', start: '1,1' },
        { rows: 8, cols: 8, method: 'fast' }, { rows: 8, cols: 8, method: 3 },
        { rows: 8, cols: 8, blocked: new Array(2e6).fill('1,1') }, { rows: 8, cols: 8, start: Symbol('s') },
      ];
      out.bad = bad.map((p) => s.configureProblem(p));
      out.appBad = bad.map((p) => a.configureProblem(p));
      out.after = [s.status(), a.config().rows, a.status()];
      s.delete();
      return out;
    });
    checkEqual(r.corners.slice(0, 3), ['', 'none', 'auto'], 'corners blocked: status, method');
    check(/colour/.test(r.corners[3]), `corners reason: ${r.corners[3]}`);
    checkEqual(r.methods, [
      ['', 'found', 'warnsdorff', true, true, 36, true],
      ['', 'found', 'wirth', true, false, 25, true],
      ['', 'found', 'construct', true, false, 120, true],
      // Blocked squares on 8x8: the constructed tour repaired around them.
      ['', 'found', 'construct', true, false, 62, true],
      ['', 'found', 'textbook', true, false, 25, true],
    ], 'methods');
    checkEqual(r.blocks, { done: 0, total: r.blocks.total }, 'blocks before running');
    check(r.blocks.total > 1, 'construction has blocks');
    checkEqual([r.summary.status, r.summary.method, r.summary.rows], ['running', 'construct', 40],
               'summary');
    checkEqual(r.app[0], '', 'app.configureProblem');
    checkEqual([r.app[1].end, r.app[1].blocked, r.app[1].method, r.app[2]],
               ['1,1', '2,2;6,6', 'warnsdorff', 'warnsdorff'], 'app config after configureProblem');
    // Every message is short and names the field at fault first (the first five are not
    // objects at all).
    const fields = [null, null, null, null, null, 'size', 'cols', 'rows', 'rows', 'rows', 'cols',
                    'rows', 'rows', 'board', "'strat'", 'start', 'start', 'start', 'start', 'start',
                    'end', 'end', 'closed', 'blocked', 'blocked[1]', 'blocked', 'blocked', 'start',
                    'method', 'method', 'blocked', 'start'];
    for (const [i, m] of [...r.bad.entries(), ...r.appBad.entries()]) {
      const want = fields[i] ? `${fields[i]}: ` : 'expected an object';
      check(typeof m === 'string' && m.startsWith(want) && m.length < 300,
            `bad problem #${i}: expected a short message starting "${want}", got "${m}"`);
    }
    checkEqual(r.after, ['running', 7, r.app[3]], 'state after bad input is unchanged');
    console.log(`    messages: "${r.bad[7]}", "${r.bad[13]}", "${r.bad[14]}", "${r.bad[17]}", ` +
                `"${r.bad[30]}"`);
  }],

  ['JS API: Counter, sliced, and its refusals', 'desktop', async (page) => {
    const r = await page.evaluate(() => {
      const c = new Module.Counter();
      const count = (problem) => {
        const why = c.configure(problem);
        if (why) return why;
        let runs = 0;
        while (c.run(1000) === 'running') runs++;
        return [c.count(), c.progress(), c.status(), runs, c.what()];
      };
      const out = {
        corner: count({ rows: 5, cols: 5, start: '1,1' }),
        all: count({ rows: 5, cols: 5 }),
        closed: count({ rows: 6, cols: 6, closed: true }),
        end: count({ rows: 5, cols: 5, start: '1,1', end: '5,5' }),
        blocked: count({ rows: 5, cols: 5, start: '1,1', blocked: [[3, 3]] }),
        // Other pieces and wrapping boards (counted on the page's thread).
        torus: count({ rows: 4, cols: 4, closed: true, wrap: 'torus' }),
        wazir: count({ rows: 4, cols: 4, closed: true, leaper: [0, 1] }),
        wazirRows: [count({ rows: 12, cols: 12, closed: true, leaper: 'wazir', counter: 'rows' }),
                    c.counter()],
        camelRows: c.configure({ rows: 6, cols: 6, leaper: 'camel', counter: 'rows' }),
        camel: count({ rows: 8, cols: 8, closed: true, leaper: 'camel' }),
        badLeaper: c.configure({ rows: 5, cols: 5, leaper: '0,0' }),
      };
      out.bad = [c.configure({ rows: 9, cols: 9 }), c.configure({ rows: 5, cols: 5, method: 'x' }),
                 c.configure({ rows: 5, cols: 5, end: '9,9' }), c.configure(null),
                 c.configure({ rows: 5, cols: 5, start: '1,1', blocked: '1,1' }),
                 c.configure({ rows: 1000, cols: 1000, closed: true })];
      out.afterBad = [c.run(100), c.count(), c.error().length > 0];
      // 7x7 from a corner: auto counts it by rows (about a minute natively); by the search it
      // takes hours: a few slices only.
      out.autoSeven = [c.configure({ rows: 7, cols: 7, start: '1,1' }), c.counter()];
      c.configure({ rows: 7, cols: 7, start: '1,1', counter: 'search' });
      for (let i = 0; i < 20; i++) c.run(20000);
      out.partial = [c.status(), BigInt(c.count()) > 0n, c.progress() > 0 && c.progress() < 1,
                     c.seconds() > 0, c.nodes() > 0];
      // The CLI's options: counter and memoryLimit (MB). Counts past 2^53 come as exact strings.
      const t0 = performance.now();
      out.rows = [count({ rows: 3, cols: 50, closed: true, counter: 'rows' }), c.counter(),
                  c.rows()];
      out.rowsMs = performance.now() - t0;
      out.autoStrip = [c.configure({ rows: 3, cols: 40, closed: true }), c.counter()];
      out.cornerRows = count({ rows: 5, cols: 5, start: '1,1', counter: 'rows' });
      out.both = [count({ rows: 5, cols: 8, closed: true, counter: 'rows', memoryLimit: 100 }),
                  count({ rows: 5, cols: 8, closed: true, counter: 'search' })];
      out.refused = [c.configure({ rows: 7, cols: 7, counter: 'rows', memoryLimit: 1000 }),
                     c.configure({ rows: 6, cols: 12, counter: 'rows', memoryLimit: 1 }),
                     // Within the limit asked, past the page's 2 GB of memory: asking the
                     // allocator refuses it.
                     c.configure({ rows: 6, cols: 12, counter: 'rows', memoryLimit: 4000 }),
                     c.configure({ rows: 5, cols: 5, counter: 'frontier' }),
                     c.configure({ rows: 5, cols: 5, memoryLimit: -3 }),
                     c.configure({ rows: 3, cols: 40, counter: 'search' }),
                     c.configure({ rows: 5, cols: 5, method: 'auto' })];
      c.delete();
      return out;
    });
    checkEqual(r.rows[0].slice(0, 3), ['960786342292812728320', 1, 'done'], '3x50 closed by rows');
    checkEqual([r.rows[1], r.rows[2].rowsDone, r.rows[2].rows], ['rows', 50, 50], 'rows progress');
    checkEqual(r.autoStrip, ['', 'rows'], 'auto counts 3x40 by rows');
    checkEqual(r.cornerRows[0], '304', '5x5 from a corner by rows');
    checkEqual([r.both[0][0], r.both[0][2]], [r.both[1][0], 'done'], '5x8 closed: rows = search');
    check(/^counting by rows would need about \d+ GB, past the memory limit of 1000 MB/
      .test(r.refused[0]), `7x7 by rows in 1000 MB: ${r.refused[0]}`);
    check(/past the memory limit of 1 MB/.test(r.refused[1]), `6x12 in 1 MB: ${r.refused[1]}`);
    check(/^counting by rows would need about \d+ GB of memory, more than this browser gives the page now/
      .test(r.refused[2]), `6x12 in 4000 MB: ${r.refused[2]}`);
    check(/^counter: /.test(r.refused[3]) && /^memoryLimit: /.test(r.refused[4]),
          `bad options: ${r.refused.slice(3, 5)}`);
    check(/64 free squares/.test(r.refused[5]), `3x40 by search: ${r.refused[5]}`);
    checkEqual(r.refused[6], "'method': not a field here (size, rows, cols, start, end, " +
               'blocked, closed, leaper, wrap, counter, memoryLimit)',
               'the Counter names all its fields');
    // The knight's closed tours of the 4x4 torus: 1344, as tests/leaper_test.cpp's brute-force
    // counter finds; the wazir's of the 4x4 board: 6, the Hamiltonian cycles of the 4x4 grid
    // (OEIS A003763); the camel never changes colour: none on 8x8.
    checkEqual(r.torus[0], '1344', '4x4 torus closed tours');
    checkEqual(r.wazir[0], '6', '4x4 wazir closed tours');
    // By rows, the wazir's 12x12 (OEIS A003763: 1,076,226,888,605,605,706, past 2^53, every
    // digit); the camel's jumps pass the window of two rows.
    checkEqual([r.wazirRows[0][0], r.wazirRows[1]], ['1076226888605605706', 'rows'],
               '12x12 wazir closed tours by rows');
    checkEqual(r.camelRows, 'leaper: counting by rows takes the knight and the wazir (0,1), ' +
               'not the camel (1,3)', 'the camel by rows');
    checkEqual(r.camel[0], '0', '8x8 camel closed tours');
    check(/^leaper: /.test(r.badLeaper), `leaper 0,0: ${r.badLeaper}`);
    checkEqual(r.corner.slice(0, 3), ['304', 1, 'done'], '5x5 open tours from a corner');
    check(r.closed[3] > 10, `6x6 closed took ${r.closed[3] + 1} slices of 1000 steps`);
    checkEqual(r.all[0], '1728', '5x5 directed open tours, every start');
    checkEqual(r.closed[0], '9862', '6x6 closed tours');
    checkEqual(r.end[0], '56', '5x5 open tours from (1,1) to (5,5)');
    checkEqual(r.blocked[0], '16', '5x5 from (1,1) with the centre blocked');
    for (const [i, m] of r.bad.entries()) check(m.length > 0, `bad count #${i} gave no message`);
    check(/64 free squares/.test(r.bad[0]), `9x9 refusal: ${r.bad[0]}`);
    checkEqual(r.afterBad, ['error', '0', true], 'after a refused configure');
    checkEqual(r.autoSeven, ['', 'rows'], 'auto counts 7x7 from a corner by rows');
    checkEqual(r.partial, ['running', true, true, true, true], '7x7 after a few slices');
    console.log(`    Counter: 5x5 from (1,1) = ${r.corner[0]}; 5x5 all = ${r.all[0]}; 6x6 closed = ` +
                `${r.closed[0]} in ${r.closed[3] + 1} slices; refusal: "${r.bad[0]}"`);
    console.log(`    Counter by rows: 3x50 closed = ${r.rows[0][0]} in ${r.rowsMs.toFixed(0)} ms; ` +
                `5x8 closed = ${r.both[0][0]} both ways; 7x7: "${r.refused[0]}"`);
  }],

  ['a link with leaper and wrap: the zebra tours the 7x7 torus, checked here', 'desktop',
    async (page) => {
      const link = '?size=7&leaper=zebra&wrap=torus&method=warnsdorff&run=1';
      await reopen(page, new URL(link, page.url()).href);
      await page.waitForFunction(() => Module.app().status() !== 'running', null,
                                 { timeout: 30000 });
      const r = await app(page, () => {
        const a = Module.app();
        const c = a.config();
        return { status: a.status(), verify: a.verify(), path: a.path(), piece: [c.leaper, c.wrap],
                 json: JSON.parse(a.json()) };
      });
      checkEqual([r.status, r.verify.ok, r.piece, r.json.leaper, r.json.wrap],
                 ['found', true, ['2,3', 'torus'], '2,3', 'torus'], 'zebra on the 7x7 torus');
      // Independently of the page's verifier: 49 distinct squares, each move a zebra's (2,3)
      // jump, either way round the torus's edges.
      const key = ([x, y]) => `${x},${y}`;
      checkEqual(new Set(r.path.map(key)).size, 49, 'distinct squares');
      const round = (d) => Math.min(Math.abs(d) % 7, 7 - (Math.abs(d) % 7));
      const zebra = (p, q) => {
        const dx = round(p[0] - q[0]), dy = round(p[1] - q[1]);
        return (dx === 2 && dy === 3) || (dx === 3 && dy === 2);
      };
      check(r.path.every((q, i) => i === 0 || zebra(r.path[i - 1], q)), 'not a zebra tour');
    }],

  ['HiDPI (deviceScaleFactor 2): sharp canvas, clicks land', 'hidpi', async (page) => {
    checkEqual(await page.evaluate(() => [Module.canvas.width, Module.canvas.height]),
               [2560, 1600], 'backing store at 2x');
    await tourThroughUi(page, 2, 'browser-6-hidpi-found-5x5.png');
  }],

  ['canvas follows window resizes', 'hidpi', async (page) => {
    await page.setViewportSize({ width: 900, height: 620 });
    await frames(page, 5);
    checkEqual(await page.evaluate(() => [Module.canvas.width, Module.canvas.height]),
               [1800, 1240], 'backing store after resize');
    await clickWidget(page, '7x7');
    const r = await app(page, () => Module.app().squareRect(7, 7));
    check(r && r.x + r.w <= 900 && r.y >= 0, `square (7,7) off screen: ${JSON.stringify(r)}`);
    await clickSquare(page, 4, 4);
    checkEqual(await app(page, () => Module.app().config().start), '4,4', 'start after click');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-7-resized-7x7.png') });
    // The panel no longer fits: the mouse wheel scrolls it.
    const before = (await app(page, () => Module.app().widgetRect('Run'))).y;
    await page.mouse.move(150, 300);
    await page.mouse.wheel(0, 300);
    await frames(page, 5);
    const after = (await app(page, () => Module.app().widgetRect('Run'))).y;
    check(after < before, `wheel did not scroll the panel (Run at y ${before}, then ${after})`);
  }],

  ['phone: stacked layout, taps hit the right widget', 'phone', async (page) => {
    const rect = (label) => app(page, (l) => Module.app().widgetRect(l), label);
    const steps = () => app(page, () => Module.app().placed() + Module.app().erased());
    check((await rect('Banner')).y < (await rect('5x5')).y, 'board area is not above the panel');
    await touch(page, await rect('6x6'));
    checkEqual(await app(page, () => Module.app().config().rows), 6, 'rows after tapping 6x6');
    await touch(page, await reveal(page, 'Step'));  // the run is TryMove's: one line
    checkEqual(await app(page, () => Module.app().recursion().lines), 1, 'lines after tapping Step');
    checkEqual(await steps(), 0, 'moves after one line');
    // Emscripten's GLFW would replay the previous tap here (see web/main.cpp).
    await touch(page, await rect('Banner'));
    checkEqual(await app(page, () => Module.app().recursion().lines), 1,
               'lines after tapping the banner');
    await touch(page, await reveal(page, 'Reset'));
    await touch(page, await app(page, () => Module.app().squareRect(2, 2)));
    checkEqual(await app(page, () => Module.app().config().start), '2,2', 'start after tapping b2');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-8-phone.png') });
  }],

  ['no WebGL: a clear message instead of the app', 'nowebgl', async (page) => {
    await page.waitForFunction(() => document.getElementById('note').className === 'error', null,
                               { timeout: 20000 });
    const text = await page.evaluate(() => document.getElementById('note').textContent);
    check(/no WebGL/.test(text), `message: ${text}`);
    await page.screenshot({ path: join(ARTIFACTS, 'browser-9-no-webgl.png') });
  }],
];

await exitWith('browser', () => runOnSite('browser', GROUPS, tests, {
  waitForApp: (group) => group !== 'nowebgl',
}));
