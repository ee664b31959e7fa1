// "Watch the recursion" in Chromium: the textbook's TryMove run of 5x5 from (1,1)
// through the live app's JS API (Module.app(): recursion(), forward/back, line(), stack,
// estimate), checked against the board; Back after N steps equals the state after N - 1 at every
// granularity; the pace in steps per second; Knuth's estimate for 8x8 from a corner; and
// screenshots of each tab at 1280x800 and 390x844 in test-artifacts/.
//
//   node tests/browser/teaching.test.mjs [site dir]     (default: build/wasm/site)
//   KT_ONLY=text runs only the tests whose name contains `text`.
import { join } from 'node:path';

import { app, ARTIFACTS, check, checkEqual, clickWidget, exitWith, frames, reveal, runOnSite }
  from './page.mjs';

// Sutcliffe's printed 5x5 tour from (1,1), top row first.
const TEXTBOOK_5X5 = [[25, 18, 3, 12, 23], [8, 13, 24, 17, 4], [19, 2, 7, 22, 11],
  [14, 9, 20, 5, 16], [1, 6, 15, 10, 21]];
const SUTCLIFFE = [[1, 2], [2, 1], [1, -2], [2, -1], [-1, 2], [-2, 1], [-1, -2], [-2, -1]];

const textbook5x5 = (page) => app(page, () => {
  const a = Module.app();
  const why = a.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
  a.setGranularity('line');
  return why;
});

// The stack and the candidates agree with the board: each frame stands on the square the one
// before it recorded, and the innermost frame's candidates are what the board says.
function checkAgainstBoard(r, what) {
  const at = (x, y) => r.board[5 - y][x - 1];
  check(r.stack.length >= 1, `${what}: empty stack`);
  checkEqual([r.stack[0].x, r.stack[0].y, at(1, 1)], [1, 1, 1], `${what}: first frame`);
  for (const [i, f] of r.stack.entries()) {
    checkEqual(at(f.x, f.y), f.move - 1, `${what}: frame ${i} stands on move ${f.move - 1}`);
    if (i > 0) {
      const p = r.stack[i - 1], [dx, dy] = SUTCLIFFE[p.candidate - 1];
      checkEqual([p.x + dx, p.y + dy], [f.x, f.y], `${what}: frame ${i} is frame ${i - 1}'s jump`);
    }
  }
  const top = r.stack.at(-1);
  for (const [k, c] of r.candidates.entries()) {
    const [dx, dy] = SUTCLIFFE[k], x = top.x + dx, y = top.y + dy;
    const off = x < 1 || y < 1 || x > 5 || y > 5;
    check((c === 'off_board') === off, `${what}: candidate ${k + 1} (${x},${y}) is ${c}`);
    if (c === 'trying') checkEqual(k + 1, top.candidate, `${what}: the candidate being tried`);
    if (c === 'failed') check(k + 1 <= top.candidate, `${what}: failed candidate ${k + 1} not tried`);
    if (c === 'untried') {
      check(k + 1 > top.candidate, `${what}: candidate ${k + 1} tried but shown untried`);
      checkEqual(at(x, y), 0, `${what}: untried candidate ${k + 1} is on a visited square`);
    }
    if (c === 'visited') check(at(x, y) !== 0, `${what}: visited candidate ${k + 1} is free`);
  }
}

const tests = [
  ['first lines of 5x5 from (1,1), stack and candidates', 'desktop', async (page) => {
    checkEqual(await textbook5x5(page), '', 'configure');
    const r = await app(page, () => {
      const a = Module.app(), lines = [], states = [];
      for (let i = 0; i < 12; i++) {
        lines.push(a.line());
        a.forward(1);
        states.push(a.recursion());
      }
      return { lines, states, available: a.recursion().available };
    });
    check(r.available, 'teaching run not available for 5x5 textbook');
    checkEqual(r.lines, ['select', 'acceptable', 'record', 'filled', 'recurse', 'select',
      'acceptable', 'record', 'filled', 'recurse', 'select', 'acceptable'], 'first lines');
    // After five lines: move 2 recorded on (2,3), the second call entered from it.
    checkEqual(r.states[4].stack.map(({ move, x, y, candidate }) => ({ move, x, y, candidate })),
      [{ move: 2, x: 1, y: 1, candidate: 1 },
      { move: 3, x: 2, y: 3, candidate: 0 }], 'stack after 5 lines');
    checkEqual(r.states[4].board[5 - 3][2 - 1], 2, 'move 2 on (2,3)');
    for (const [i, s] of r.states.entries()) checkAgainstBoard(s, `after ${i + 1} lines`);
    // Further on, with take-backs in the past.
    const later = await app(page, () => {
      const a = Module.app();
      a.setGranularity('dead-end');
      a.forward(3);
      return a.recursion();
    });
    check(later.erased >= 3, `three dead ends: ${later.erased} take-backs`);
    checkAgainstBoard(later, 'after 3 dead ends');
  }],

  ['Back after N steps equals the state after N - 1, at each granularity', 'desktop',
    async (page) => {
      checkEqual(await textbook5x5(page), '', 'configure');
      for (const g of ['line', 'move', 'dead-end']) {
        const r = await app(page, (gran) => {
          const a = Module.app(), out = [];
          a.setGranularity(gran);
          for (let n = 0; n < 4; n++) {
            a.forward(1);
            const before = JSON.stringify(a.recursion());
            a.forward(1);
            const after = JSON.stringify(a.recursion());
            a.back(1);
            out.push([before, after, JSON.stringify(a.recursion())]);
          }
          return out;
        }, g);
        // Everything but how far the scrubber reaches.
        const state = (json) => ({ ...JSON.parse(json), furthest: undefined });
        for (const [n, [before, after, back]] of r.entries()) {
          check(before !== after, `${g} #${n}: a step changed nothing`);
          checkEqual(state(back), state(before), `${g} #${n}: back`);
        }
      }
      // To the tour: a frame's lines in the call, the rest in the frames that follow.
      await app(page, () => { Module.app().setGranularity('tour'); Module.app().forward(1); });
      await page.waitForFunction(() => Module.app().recursion().status !== 'running', null,
                                 { timeout: 60000 });
      const tour = await app(page, () => {
        const a = Module.app();
        const r = a.recursion();
        a.seek(0);
        return [r, a.recursion().lines, a.line()];
      });
      checkEqual(tour[0].status, 'found', 'tour status');
      checkEqual(tour[0].board, TEXTBOOK_5X5, 'the textbook tour');
      checkEqual([tour[1], tour[2]], [0, 'select'], 'seek(0)');
    }],

  ['pace: steps per second, by the clock', 'desktop', async (page) => {
    checkEqual(await textbook5x5(page), '', 'configure');
    // By the clock: never ahead of 10 lines a second, and 20 lines come (a loaded machine may
    // draw late, so only a generous 60 s bounds how slow).
    const r = await app(page, async () => {
      const a = Module.app();
      a.setTeachSpeed(10, false);
      const t0 = performance.now();
      a.teachPlay(true);
      while (a.recursion().lines < 20 && performance.now() - t0 < 60000) {
        await new Promise((res) => setTimeout(res, 50));
      }
      const lines = a.recursion().lines;
      const seconds = (performance.now() - t0) / 1000;
      a.teachPlay(false);
      return { lines, seconds };
    });
    check(r.lines >= 20 && r.lines <= 10 * r.seconds + 2,
          `10 lines/s ran ${r.lines} lines in ${r.seconds.toFixed(2)} s`);
  }],

  ['order presets and custom orders; bad ones refused', 'desktop', async (page) => {
    checkEqual(await textbook5x5(page), '', 'configure');
    const r = await app(page, () => {
      const a = Module.app();
      const out = [a.setOrder('wirth'), a.recursion().order, a.setOrder('handout'),
        a.recursion().order, a.setOrder('1,2;1,2').length > 0, a.setOrder(''),
        a.recursion().order, a.setGranularity('sideways').length > 0];
      return out;
    });
    checkEqual(r, ['', 'wirth', '', 'handout', true, '', 'sutcliffe', true], 'orders');
    await clickWidget(page, 'Tab:Order');
    await page.screenshot({ path: join(ARTIFACTS, 'teaching-order-1280.png') });
  }],

  ['one run: Run to the tour, then Step and Back go on from where it stands', 'desktop',
    async (page) => {
      const read = () => app(page, () => {
        const a = Module.app(), r = a.recursion();
        return { state: a.state(), lines: r.lines, line: a.line(), status: a.status(),
                 placed: a.placed(), recPlaced: r.placed, board: JSON.stringify(a.board()),
                 recBoard: JSON.stringify(r.board), banner: a.banner().detail };
      });
      await app(page, () => {
        const a = Module.app();
        a.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
        a.setStepsPerSecond(1, true);
        a.run();
      });
      await page.waitForFunction(() => Module.app().state() === 'finished', null,
                                 { timeout: 30000 });
      await frames(page, 2);  // the verifier's frame
      check(/^Tour found: 25 squares, verified/.test(await app(page, () =>
        Module.app().banner().title)), 'the banner after the tour');
      const found = await read();
      checkEqual([found.state, found.status, found.placed, found.recPlaced],
                 ['finished', 'found', 74342, 74342], 'the tour, one run');
      checkEqual(found.board, found.recBoard, 'the board is the recursion\'s');
      // Back by two moves (the first goes to right after the tour's last record), then Step by
      // lines: the board, the line and the banner change together.
      await app(page, () => { Module.app().setGranularity('move'); Module.app().back(2); });
      const back = await read();
      checkEqual([back.state, back.status, back.placed], ['paused', 'running', back.recPlaced],
                 'after Back');
      check(back.board !== found.board, 'Back left the board as it was');
      await app(page, () => Module.app().setGranularity('line'));
      await clickWidget(page, 'Step');
      const stepped = await read();
      checkEqual(stepped.lines, back.lines + 1, 'Step after Back: the next line');
      check(stepped.banner !== back.banner, `the banner did not follow: ${stepped.banner}`);
      checkEqual(stepped.board, stepped.recBoard, 'board and recursion after Step');
      await page.screenshot({ path: join(ARTIFACTS, 'teaching-one-run-1280.png') });
    }],

  ['8x8 Run at the default pace: the estimate measures the run', 'desktop', async (page) => {
    const r = await app(page, async () => {
      const a = Module.app();
      a.configureProblem({ rows: 8, cols: 8, start: '1,1', method: 'textbook' });
      a.run();  // the Run button's run, at the page's own pace
      await new Promise((res) => setTimeout(res, 3000));
      const out = [a.state(), a.estimate(), a.speed().stepsPerSecond, a.recursion().lines];
      a.pause();
      return out;
    });
    const [state, est, pace, lines] = r;
    checkEqual(state, 'running', 'state while running');
    check(lines > pace, `ran ${lines} lines in 3 s at ${pace} lines/s`);
    check(est && est.seconds !== null && est.seconds > 86400 * 365, `estimate ${JSON.stringify(est)}`);
    check(est.explored > 0, `explored ${est.explored}`);
  }],

  ['8x8 from a corner: Knuth\'s estimate says why it never ends', 'desktop', async (page) => {
    const r = await app(page, async () => {
      const a = Module.app();
      const why = a.configureProblem({ rows: 8, cols: 8, start: '1,1', method: 'textbook' });
      a.setGranularity('line');
      a.setTeachSpeed(1, true);
      a.teachPlay(true);
      // Until a few thousand moves are played and the pace is measured (a quarter of a second
      // of play at least), or 60 s.
      const t0 = performance.now();
      while ((a.recursion().placed <= 2000 || a.estimate().seconds === null) &&
             performance.now() - t0 < 60000) {
        await new Promise((res) => setTimeout(res, 50));
      }
      return [why, a.estimate(), a.recursion().placed];
    });
    const [why, est, placed] = r;
    checkEqual(why, '', 'configure 8x8');
    check(est && est.moves > 1e12, `estimate: ${JSON.stringify(est)}`);
    check(placed > 1000, `played only ${placed} moves`);
    check(est.seconds > 86400 * 365, `time left: ${est.seconds} s`);
    check(est.explored > 0 && est.explored < 1e-6, `explored ${est.explored}`);
    await app(page, () => Module.app().setViews(['estimate']));
    await reveal(page, 'Tab:Estimate');
    await page.screenshot({ path: join(ARTIFACTS, 'teaching-estimate-8x8-1280.png') });
    await app(page, () => Module.app().setViews(['tree']));
    await reveal(page, 'Tab:Tree');
    await page.screenshot({ path: join(ARTIFACTS, 'teaching-tree-8x8-1280.png') });
    await app(page, () => Module.app().teachPlay(false));
  }],

  ['Step over and Step out by the buttons; Back restores board, stack and counters', 'desktop',
    async (page) => {
      checkEqual(await textbook5x5(page), '', 'configure');
      const state = () => app(page, () => ({ ...Module.app().recursion(), furthest: undefined,
                                             granularity: undefined }));
      await app(page, () => Module.app().forward(4));
      const atCall = await state();
      checkEqual([atCall.line, atCall.stack.length], ['recurse', 1], 'at the first call');
      // Step over runs the whole call of TryMove(3, ...): on 5x5 from (1,1) it finds the tour.
      await clickWidget(page, 'StepOver');
      const over = await state();
      checkEqual([over.line, over.stack.length, over.status], ['erase', 1, 'running'],
                 'after Step over');
      check(over.placed >= 24 && over.erased > 1000, `step over ran the call: ${over.placed}/${over.erased}`);
      // Back by the lines it ran: exactly the state at the call.
      const ran = over.lines - atCall.lines;
      await app(page, (n) => Module.app().back(n), ran);
      checkEqual(await state(), atCall, 'back over the step over');
      // Step out: from deep in the tree to the caller's line after the call.
      await app(page, () => { Module.app().setGranularity('move'); Module.app().forward(6); });
      const deep = await state();
      check(deep.stack.length > 2, `deep: ${deep.stack.length} calls`);
      await clickWidget(page, 'StepOut');
      const out = await state();
      checkEqual([out.stack.length, out.line], [deep.stack.length - 1, 'erase'], 'after Step out');
      // Their squares and counters (Sutcliffe's moveOK is one VAR shared by every frame).
      const calls = (st) => st.map(({ move, x, y, candidate }) => ({ move, x, y, candidate }));
      checkEqual(calls(out.stack), calls(deep.stack.slice(0, -1)), 'the callers are untouched');
      await app(page, (n) => { Module.app().setGranularity('line'); Module.app().back(n); },
                out.lines - deep.lines);
      checkEqual(await state(), deep, 'back over the step out');
      await page.screenshot({ path: join(ARTIFACTS, 'teaching-step-out-1280.png') });
    }],

  ['Module.Search: stack, line, back, estimate, order, every tour of 5x5 one by one', 'desktop',
    async (page) => {
      const r = await app(page, () => {
        const s = new Module.Search(), a = Module.app(), out = {};
        out.order = [s.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook',
                                          order: 'handout' }),
          s.configureProblem({ size: 5, method: 'textbook', order: 'sideways' }).slice(0, 7),
          s.configureProblem({ size: 5, method: 'textbook', order: 7 }).slice(0, 7)];
        s.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
        // line() after each move is TryMove's next line after as many moves.
        a.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
        a.setGranularity('move');
        out.lines = [];
        for (let i = 0; i < 40; i++) {
          s.run(1);
          a.forward(1);
          if (s.line() !== a.line()) out.lines.push([i + 1, s.line(), a.line()]);
        }
        // back(1) after N + 1 steps equals the state after N, at several depths.
        const snap = () => JSON.stringify([s.board(), s.stack(), s.placed(), s.erased(),
          s.depth(), s.status(), s.line(), s.lastAction()]);
        out.back = [];
        for (const n of [0, 1, 5, 300, 4000]) {
          const t = new Module.Search();
          t.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
          if (n) t.run(n);
          const before = JSON.stringify([t.board(), t.stack(), t.placed(), t.erased(), t.depth(),
            t.status(), t.line(), t.lastAction()]);
          t.run(1);
          t.back(1);
          const back = JSON.stringify([t.board(), t.stack(), t.placed(), t.erased(), t.depth(),
            t.status(), t.line(), t.lastAction()]);
          if (back !== before) out.back.push(n);
          t.delete();
        }
        out.snapCheck = snap().length > 0;
        // Every tour in the search's order, each verified.
        const e = new Module.Search();
        e.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
        const seen = new Set();
        let bad = 0, first = null;
        for (;;) {
          while (e.run(1000000) === 'running') {}
          if (e.status() !== 'found') break;
          if (!e.verify().ok) bad++;
          const b = JSON.stringify(e.board());
          if (!first) first = b;
          seen.add(b);
          if (!e.nextTour()) break;
        }
        out.tours = [seen.size, bad, JSON.parse(first)];
        // back across a tour: the state after the first tour again.
        e.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
        while (e.run(1000000) === 'running') {}
        const atTour = JSON.stringify([e.board(), e.placed(), e.erased(), e.status()]);
        e.nextTour();
        e.run(10);
        e.back(10);
        out.backToTour = JSON.stringify([e.board(), e.placed(), e.erased(), e.status()]) === atTour;
        // A step back after a long run replays from the nearest checkpoint, not from the start.
        e.configureProblem({ size: 8, start: '1,1', method: 'textbook' });
        let t0 = performance.now();
        e.run(20000000);
        const moves = e.placed() + e.erased();
        out.longRun = { moves, runMs: performance.now() - t0 };
        t0 = performance.now();
        e.back(1);
        out.longRun.backMs = performance.now() - t0;
        out.longRun.backMoves = e.placed() + e.erased();
        // Knuth's estimate for 8x8 from a corner.
        e.configureProblem({ size: 8, start: '1,1', method: 'textbook' });
        e.run(200000);
        out.estimate = e.estimate();
        e.configureProblem({ size: 8, start: '1,1', method: 'warnsdorff' });
        out.noEstimate = [e.estimate(), e.line()];
        s.delete();
        e.delete();
        return out;
      });
      checkEqual(r.order, ['', 'order: ', 'order: '], 'order in configureProblem');
      checkEqual(r.lines, [], 'Search.line() against the app\'s TryMove run');
      checkEqual(r.back, [], 'back(1) after N + 1 steps equals N');
      checkEqual(r.tours, [304, 0, TEXTBOOK_5X5], 'every tour: 304 distinct, all verified');
      check(r.backToTour, 'back across nextTour');
      check(r.longRun.backMoves === r.longRun.moves - 1, `back(1) after a long run ${JSON.stringify(r.longRun)}`);
      console.log(`Search: run(2e7) ${r.longRun.moves} moves in ${r.longRun.runMs.toFixed(0)} ms; back(1) ${r.longRun.backMs.toFixed(1)} ms`);
      check(r.estimate.moves > 1e12 && r.estimate.explored > 0 && r.estimate.explored < 1e-6 &&
            r.estimate.seconds > 86400 * 365, `estimate ${JSON.stringify(r.estimate)}`);
      checkEqual(r.noEstimate, [null, ''], 'no estimate or line for warnsdorff');
    }],

  ['every tour one by one in the page: Next, Previous, "tour k of N"', 'desktop', async (page) => {
    await app(page, () => {
      const a = Module.app();
      a.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
      a.setStepsPerSecond(1e6, true);
      a.countStart();  // N: Count tours counts this start's tours
      a.run();
    });
    await page.waitForFunction(() => Module.app().tour().index === 1 &&
                               Module.app().tour().total === '304', null, { timeout: 20000 });
    for (let k = 2; k <= 4; k++) {
      await clickWidget(page, 'NextTour');
      await page.waitForFunction((k) => Module.app().tour().index === k, k, { timeout: 20000 });
    }
    const t4 = await app(page, () => [Module.app().tour(), Module.app().verify().ok]);
    checkEqual([t4[0].index, t4[0].found, t4[0].total, t4[1]], [4, '4', '304', true], 'tour 4 of 304');
    await page.screenshot({ path: join(ARTIFACTS, 'teaching-tour-4-of-304-1280.png') });
    for (let k = 3; k >= 1; k--) {
      await clickWidget(page, 'PreviousTour');
      checkEqual(await app(page, () => Module.app().tour().index), k, `back to tour ${k}`);
    }
    checkEqual(await app(page, () => Module.app().tour().board), TEXTBOOK_5X5, 'tour 1');
    await clickWidget(page, 'NextTour');  // a kept tour: no search
    checkEqual(await app(page, () => [Module.app().tour().index, Module.app().state()]),
               [2, 'finished'], 'next kept tour');
  }],

  ['views: the panels a link names are open', 'desktop', async (page) => {
    checkEqual(await textbook5x5(page), '', 'configure');
    await app(page, () => { Module.app().setViews(['stack', 'code']); Module.app().forward(40); });
    await frames(page, 3);
    checkEqual(await app(page, () => Module.app().views()), ['stack', 'code'], 'views');
    const unknown = await app(page, () => Module.app().setViews(['tree', 'bogus', 3]));
    checkEqual(unknown, ["'bogus'", '3'], 'unknown views');
    checkEqual(await app(page, () => Module.app().views()), ['tree'], 'views after setViews');
  }],

  ['the new read-outs take any argument without an exception', 'desktop', async (page) => {
    const r = await app(page, () => {
      const junk = [undefined, null, NaN, -1, 0, 0.5, 1e300, -1e300, Infinity, 'x', '', {}, [],
        [1, 'stack', null], true, () => 1];
      const s = new Module.Search(), a = Module.app(), thrown = [];
      // [object, function, how many arguments it takes] (embind refuses other counts).
      const calls = [
        [s, 'back', 1], [s, 'line', 0], [s, 'estimate', 0], [s, 'nextTour', 0],
        [a, 'setStepsPerSecond', 2], [a, 'setSpeed', 2], [a, 'tour', 0], [a, 'nextTour', 0],
        [a, 'previousTour', 0], [a, 'views', 0], [a, 'setViews', 1], [a, 'setOrder', 1],
      ];
      for (const j of junk) {
        s.run(37);
        for (const [o, f, n] of calls) {
          try { o[f](...[j, j].slice(0, n)); } catch (e) { thrown.push(`${f}(${String(j)}): ${e}`); }
        }
      }
      // The problems take an order field, and refuse a bad one with the field's name.
      const why = [s.configureProblem({ size: 5, method: 'wirth', order: 'handout' }).slice(0, 7),
        a.configureProblem({ size: 5, method: 'textbook', order: [1, 2] }).slice(0, 7)];
      const speed = a.speed();
      s.delete();
      return { thrown, why, speed, frames: a.frames() };
    });
    checkEqual(r.thrown, [], 'exceptions');
    checkEqual(r.why, ['order: ', 'order: '], 'bad orders named');
    check(r.speed.stepsPerSecond >= 0.5 && r.speed.stepsPerSecond <= 6e7,
          `speed clamped: ${JSON.stringify(r.speed)}`);
    await frames(page, 3);  // still drawing
  }],

  // The README's pictures (docs/teaching-*.png are copied from these), at 1024x640 so that
  // each PNG stays small.
  ['README screenshots', 'desktop', async (page) => {
    await page.setViewportSize({ width: 1024, height: 640 });
    checkEqual(await textbook5x5(page), '', 'configure');
    await app(page, () => {
      const a = Module.app();
      a.setViews(['stack']);
      a.setGranularity('dead-end');
      a.forward(2);
      a.setGranularity('line');
      a.forward(3);
    });
    await frames(page, 2);
    const stackRect = await reveal(page, 'Tab:Stack');
    const panel = await app(page, () => Module.app().widgetRect('Panel'));
    await page.mouse.move(panel.x + panel.w / 2, panel.y + 40);
    await page.mouse.wheel(0, Math.max(0, stackRect.y - panel.y - 330));
    await frames(page, 3);
    await page.screenshot({ path: join(ARTIFACTS, 'readme-recursion.png') });
    await app(page, () => {
      const a = Module.app();
      a.configureProblem({ rows: 8, cols: 8, start: '1,1', method: 'textbook' });
      a.setViews(['estimate', 'tree']);
      a.setTeachSpeed(1, true);
      a.teachPlay(true);
    });
    await page.setViewportSize({ width: 960, height: 600 });
    await page.waitForFunction(() => Module.app().recursion().placed > 2000, null,
                               { timeout: 60000 });
    await app(page, () => Module.app().teachPlay(false));
    const estRect = await reveal(page, 'Tab:Estimate');
    await page.mouse.move(panel.x + panel.w / 2, panel.y + 40);
    await page.mouse.wheel(0, Math.max(0, estRect.y - panel.y - 420));
    await frames(page, 3);
    // The panel and the board without the share bar: the 8x8 board's numbers weigh most.
    await page.screenshot({ path: join(ARTIFACTS, 'readme-estimate-8x8.png'),
                            clip: { x: 0, y: 0, width: 920, height: 562 } });
    await app(page, () => {
      const a = Module.app();
      a.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
      a.setViews([]);
      a.setStepsPerSecond(1e6, true);
      a.countStart();
      a.run();
    });
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.waitForFunction(() => Module.app().tour().index === 1, null, { timeout: 20000 });
    for (let k = 2; k <= 7; k++) {
      await app(page, () => Module.app().nextTour());
      await page.waitForFunction((k) => Module.app().tour().index === k, k, { timeout: 20000 });
    }
    await reveal(page, 'NextTour');
    await frames(page, 3);
    await page.screenshot({ path: join(ARTIFACTS, 'readme-tours.png') });
  }],

  ['listings: setListing, listing(), locals(), forward and back in each', 'desktop', async (page) => {
    checkEqual(await textbook5x5(page), '', 'configure');
    const r = await app(page, () => {
      const a = Module.app(), out = {};
      out.first = a.listing();
      out.bad = a.setListing('basic');
      out.wirth = a.setListing('wirth');
      a.forward(1);
      out.wirthListing = a.listing();
      out.wirthLocals = a.locals();
      a.setListing('pseudocode');
      a.forward(6);
      out.pseudo = a.listing();
      out.pseudoLocals = a.locals();
      out.pseudoStack = a.teachStack();
      return out;
    });
    checkEqual(r.first.name, 'sutcliffe', 'the textbook method shows Sutcliffe\'s listing');
    checkEqual(r.first.lines[0].startsWith('PROCEDURE TryMove'), true, 'Sutcliffe\'s first line');
    checkEqual(r.first.current, 6, 'Sutcliffe: INC (count) runs first');
    check(r.bad.startsWith('listing:'), `unknown listing refused with its field: ${r.bad}`);
    checkEqual(r.wirth, '', 'setListing(wirth)');
    checkEqual(r.wirthListing.name, 'wirth', 'wirth listing');
    checkEqual(r.wirthListing.lines[0], 'procedure try(i: integer; x, y: index; var q: boolean);',
      'Wirth\'s heading');
    checkEqual(r.wirthLocals, { i: 2, x: 1, y: 1, k: 1, u: 3, v: 2, q1: false }, 'Wirth\'s locals');
    checkEqual(r.pseudo.current, 2, 'the pseudocode: the new call checks the board first');
    checkEqual(r.pseudoLocals, { x: 2, y: 1, m: 1, result: null }, 'Move(2, 1, 1) just entered');
    checkEqual(r.pseudoStack.map((f) => f.call), ['Move(0, 0, 0)', 'Move(2, 1, 1)'], 'the calls');
    checkEqual(r.pseudoStack[0].locals, { x: 0, y: 0, m: 0, result: false }, 'the caller');
    // Each listing: N lines forward, then back one by one through the same lines and stacks.
    for (const name of r.first.names) {
      const walk = await app(page, (n) => {
        const a = Module.app(), fwd = [], bwd = [];
        a.setListing(n);
        a.setGranularity('line');
        a.seek(0);
        const snap = () => JSON.stringify([a.listing().current, a.teachStack(),
          a.recursion().board, a.locals()]);
        for (let i = 0; i < 60; i++) { fwd.push(snap()); a.forward(1); }
        for (let i = 0; i < 60; i++) { a.back(1); bwd.push(snap()); }
        const lines = a.listing().lines.length;
        return { fwd, bwd: bwd.reverse(), lines, currents: fwd.map((f) => JSON.parse(f)[0]) };
      }, name);
      checkEqual(walk.bwd, walk.fwd, `${name}: back retraces forward`);
      for (const c of walk.currents) {
        check(c >= 1 && c <= walk.lines, `${name}: current line ${c} outside 1..${walk.lines}`);
      }
    }
  }],

  ['listings: a breakpoint by a click on its number, Play runs to it', 'desktop', async (page) => {
    checkEqual(await textbook5x5(page), '', 'configure');
    await app(page, () => {
      const a = Module.app();
      a.setListing('sutcliffe');
      a.setViews(['code']);
      a.forward(1);
    });
    await frames(page, 3);
    await reveal(page, 'Gutter:13');
    await clickWidget(page, 'Gutter:13');  // IF NOT moveOK THEN board [m, n] := 0
    await frames(page, 2);
    checkEqual(await app(page, () => Module.app().listing().breakpoints), [13], 'breakpoint set');
    await app(page, () => { const a = Module.app(); a.setTeachSpeed(1000, true); a.teachPlay(true); });
    for (let i = 0; i < 50; i++) {
      await frames(page, 2);
      if (!(await app(page, () => Module.app().recursion().playing))) break;
    }
    const r = await app(page, () => ({ l: Module.app().listing(), r: Module.app().recursion() }));
    checkEqual(r.r.playing, false, 'Play stopped');
    checkEqual([r.l.current, r.r.line], [13, 'erase'], 'stopped before the breakpoint line');
    await app(page, () => Module.app().setCodeScale(1.5));
    await frames(page, 3);  // the code beside the board, wrapped to its width at 24 px
    await page.screenshot({ path: join(ARTIFACTS, 'listing-breakpoint-1280.png') });
    checkEqual(await app(page, () => Module.app().codeScale()), 1.5, 'code scale');
  }],

  ['listing handout-all: Try_All displays one tour after another, step by tour', 'desktop',
    async (page) => {
      checkEqual(await textbook5x5(page), '', 'configure');
      const why = await app(page, () => {
        const a = Module.app();
        a.setViews(['code', 'stack']);
        const said = a.setListing('handout-all');
        a.setGranularity('tour');
        a.forward(3);  // a frame's lines in the call, the rest over the frames that follow
        return said;
      });
      checkEqual(why, '', 'setListing(handout-all)');
      const third = () => page.waitForFunction(() => Number(Module.app().recursion().tours) >= 3, null,
                                               { timeout: 60000 });
      await third();
      const r = await app(page, () => {
        const a = Module.app(), out = { l: a.listing(), r: a.recursion() };
        a.back(1);
        out.back = a.recursion();
        a.forward(1);
        return out;
      });
      await third();
      r.again = await app(page, () => Module.app().recursion());
      checkEqual(r.l.name, 'handout-all', 'the listing');
      checkEqual([r.r.tours, r.r.lastEffect, r.r.status], ['3', 'displayed', 'running'],
        'tour 3 displayed, and the search goes on');
      check(r.l.narration.startsWith('Tour 3 displayed'), `narration: ${r.l.narration}`);
      checkEqual(r.l.lines[r.l.current - 1], '  end -- Try_All', 'the call returns next');
      checkEqual(r.r.stack.at(-1).call.startsWith('Try_All(26, '), true, 'the call past move 25');
      const full = r.r.board.flat().sort((a, b) => a - b);
      checkEqual(full, Array.from({ length: 25 }, (_, i) => i + 1), 'the board displayed is full');
      checkEqual([r.back.tours, r.back.lastEffect], ['2', 'displayed'], 'back one tour');
      checkEqual(r.again, r.r, 'forward one tour again');
      await frames(page, 3);
      await reveal(page, 'Code');
      await page.screenshot({ path: join(ARTIFACTS, 'listing-handout-all-tour3-1280.png') });
    }],

  ['screenshots of each listing', 'desktop', (page) => listingShots(page, '1280')],
  // Every listing 390 wide too, at twice the pixels (a 3x canvas takes about twice as long to
  // draw in software GL; the tabs below are shot at 3x).
  ['screenshots of each listing (phone)', 'phone2x', (page) => listingShots(page, '390')],
  ['screenshots of each tab', 'desktop', (page) => screenshots(page, '1280')],
  ['screenshots of each tab (phone)', 'phone', (page) => screenshots(page, '390')],
];

async function listingShots(page, tag) {
  checkEqual(await textbook5x5(page), '', 'configure');
  const names = await app(page, () => Module.app().listing().names);
  for (const name of names) {
    await app(page, (n) => {
      const a = Module.app();
      a.setViews(['code', 'stack']);
      a.setListing(n);
      a.seek(0);
      a.setGranularity('line');
      a.forward(n === 'pseudocode' ? 40 : 23);
    }, name);
    await frames(page, 3);
    const tabRect = await reveal(page, 'Tab:Code');
    const panel = await app(page, () => Module.app().widgetRect('Panel'));
    await page.mouse.move(panel.x + panel.w / 2, panel.y + 40);
    await page.mouse.wheel(0, Math.max(0, tabRect.y - panel.y - 60));
    await frames(page, 3);
    // The line that runs next in view (on a phone the code sits under the board).
    const l = await app(page, () => Module.app().listing());
    check(l.narration.length > 0, `${name}: a sentence on the next line`);
    await reveal(page, `Gutter:${l.current}`);
    await frames(page, 2);
    await page.screenshot({ path: join(ARTIFACTS, `listing-${name}-${tag}.png`) });
  }
}

async function screenshots(page, tag) {
  checkEqual(await textbook5x5(page), '', 'configure');
  await app(page, () => {
    const a = Module.app();
    a.setGranularity('dead-end');
    a.forward(2);
    a.setGranularity('line');
    a.forward(3);
  });
  await frames(page, 3);
  // One panel open at a time (the order's by its header), as a link's views=... opens them.
  for (const [tab, view] of [['Code', 'code'], ['Stack', 'stack'], ['Tree', 'tree'],
    ['Estimate', 'estimate'], ['Order', null]]) {
    await app(page, (v) => Module.app().setViews(v ? [v] : []), view);
    await frames(page, 2);
    if (!view) await clickWidget(page, `Tab:${tab}`);
    // Scroll the panel so that the panel's header is near its top and its content in view.
    const tabRect = await reveal(page, `Tab:${tab}`);
    const panel = await app(page, () => Module.app().widgetRect('Panel'));
    await page.mouse.move(panel.x + panel.w / 2, panel.y + 40);
    await page.mouse.wheel(0, Math.max(0, tabRect.y - panel.y - 60));
    await frames(page, 3);
    await page.screenshot({ path: join(ARTIFACTS, `teaching-${tab.toLowerCase()}-${tag}.png`) });
  }
  // The controls by mouse: Step then Back leave the run where it was.
  const state = () => app(page, () => ({ ...Module.app().recursion(), furthest: undefined }));
  const before = await state();
  await clickWidget(page, 'TeachStep');
  check(JSON.stringify(await state()) !== JSON.stringify(before), 'Step button did nothing');
  await clickWidget(page, 'TeachBack');
  checkEqual(await state(), before, 'Step then Back by mouse');
}

const GROUPS = {
  desktop: { width: 1280, height: 800, deviceScaleFactor: 1 },
  phone: { width: 390, height: 844, deviceScaleFactor: 3, hasTouch: true },
  phone2x: { width: 390, height: 844, deviceScaleFactor: 2, hasTouch: true },
};

await exitWith('teaching', () => runOnSite('teaching', GROUPS, tests));
