// "Watch the recursion" in Chromium (issue 8): the textbook's TryMove run of 5x5 from (1,1)
// through the live app's JS API (Module.app(): recursion(), forward/back, line(), stack,
// estimate), checked against the board; Back after N steps equals the state after N - 1 at every
// granularity; the pace in steps per second; Knuth's estimate for 8x8 from a corner; and
// screenshots of each tab at 1280x800 and 390x844 in test-artifacts/.
//
//   node tests/browser/teaching.test.mjs [site dir]     (default: build/wasm/site)
//   KT_ONLY=text runs only the tests whose name contains `text`.
import { join } from 'node:path';

import { app, ARTIFACTS, check, checkEqual, clickWidget, exitWith, frames, runOnSite }
  from './page.mjs';

// Seed 000's printed 5x5 tour from (1,1), top row first.
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
    checkEqual(r.states[4].stack, [{ move: 2, x: 1, y: 1, candidate: 1 },
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
      const tour = await app(page, () => {
        const a = Module.app();
        a.setGranularity('tour');
        a.forward(1);
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
    const lines = await app(page, async () => {
      const a = Module.app();
      a.setTeachSpeed(10, false);
      a.teachPlay(true);
      await new Promise((r) => setTimeout(r, 2000));
      a.teachPlay(false);
      return a.recursion().lines;
    });
    check(lines >= 15 && lines <= 25, `10 lines/s for 2 s ran ${lines} lines`);
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

  ['8x8 from a corner: Knuth\'s estimate says why it never ends', 'desktop', async (page) => {
    const r = await app(page, async () => {
      const a = Module.app();
      const why = a.configureProblem({ rows: 8, cols: 8, start: '1,1', method: 'textbook' });
      a.setGranularity('line');
      a.setTeachSpeed(1, true);
      a.teachPlay(true);
      await new Promise((res) => setTimeout(res, 1500));
      return [why, a.estimate(), a.recursion().placed];
    });
    const [why, est, placed] = r;
    checkEqual(why, '', 'configure 8x8');
    check(est && est.moves > 1e12, `estimate: ${JSON.stringify(est)}`);
    check(placed > 1000, `played only ${placed} moves`);
    check(est.seconds > 86400 * 365, `time left: ${est.seconds} s`);
    check(est.explored > 0 && est.explored < 1e-6, `explored ${est.explored}`);
    await clickWidget(page, 'Tab:Estimate');
    await page.screenshot({ path: join(ARTIFACTS, 'teaching-estimate-8x8-1280.png') });
    await clickWidget(page, 'Tab:Tree');
    await page.screenshot({ path: join(ARTIFACTS, 'teaching-tree-8x8-1280.png') });
    await app(page, () => Module.app().teachPlay(false));
  }],

  ['screenshots of each tab', 'desktop', (page) => screenshots(page, '1280')],
  ['screenshots of each tab (phone)', 'phone', (page) => screenshots(page, '390')],
];

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
  for (const tab of ['Code', 'Stack', 'Tree', 'Estimate', 'Order']) {
    await clickWidget(page, `Tab:${tab}`);
    // Scroll the panel so that the tab's content is in view.
    const [tabRect, panel] = await app(page, (l) => [Module.app().widgetRect(l),
      Module.app().widgetRect('Panel')], `Tab:${tab}`);
    await page.mouse.move(panel.x + panel.w / 2, tabRect.y);
    await page.mouse.wheel(0, Math.max(0, tabRect.y - panel.y - 200));
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
};

await exitWith('teaching', () => runOnSite('teaching', GROUPS, tests));
