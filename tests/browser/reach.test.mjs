// Every learner reaches the explorer, in Chromium: a finger's swipe scrolls the panel on a
// 390x844 phone (the widgets' rects move up) and its frames grow to touch size, a tap leaves
// no hover behind, a Fit button brings a zoomed board back; the keyboard's Tab reaches the
// panel's controls as HTML (a ring on the canvas widget each stands for) and Enter runs;
// Chromium's accessibility tree names them; the recursion's steps are said in words; the status
// counts every square; a configureProblem() and run() called before the first frame are kept.
// Screenshots: test-artifacts/reach-*.png at 390x844 and 1280x800.
//
//   node tests/browser/reach.test.mjs [site dir]     (default: build/wasm/site)
//   KT_ONLY=text runs only the tests whose name contains `text`.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { app, ARTIFACTS, check, checkEqual, clickWidget, exitWith, frames, inspect, pick, reopen,
  runOnSite, touch, typeInto } from './page.mjs';

const GROUPS = {
  phone: { width: 390, height: 844, hasTouch: true },
  desktop: { width: 1280, height: 800 },
};

const rect = (page, label) => app(page, (l) => Module.app().widgetRect(l), label);

// One finger from (x, y0) to (x, y1) in `n` moves, through the DevTools protocol (x1: to
// another x too, a sideways swipe).
async function swipe(page, x, y0, y1, n = 12, x1 = x) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  for (let i = 1; i <= n; i++) {
    const y = y0 + ((y1 - y0) * i) / n;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove',
      touchPoints: [{ x: x + ((x1 - x) * i) / n, y }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function tap(page, r) {
  const cdp = await page.context().newCDPSession(page);
  const p = { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [p] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

// The HTML twin of a widget: focused and activated from the keyboard, or set as a select is.
const twin = (widget) => `#kt-a11y [data-widget="${widget}"]`;
async function press(page, widget) {
  // The twins of widgets the panel does not draw are hidden (out of the Tab order); the page
  // brings them back within its next refresh once the widget is drawn.
  await page.waitForFunction((w) => !document.querySelector(w).hidden, twin(widget),
                             { timeout: 5000 });
  await page.focus(twin(widget));
  await page.keyboard.press('Enter');
}
async function choose(page, widget, value) {
  await page.$eval(twin(widget), (s, v) => {
    s.focus();
    s.value = v;
    s.dispatchEvent(new Event('change'));
  }, value);
}

// Tabs forward until the focused element's accessible name is `name`.
async function tabTo(page, name, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const e = document.activeElement;
      return e && (e.getAttribute('aria-label') || e.textContent);
    });
    if (at === name) return i + 1;
  }
  throw new Error(`Tab never reached ${name}`);
}

const tests = [
  ['a finger swipe scrolls the panel, with touch-sized frames', 'phone', async (page) => {
    const panel = await rect(page, 'Panel');
    check(panel && panel.y > 300, `the panel is under the board: ${JSON.stringify(panel)}`);
    await tap(page, { x: panel.x + panel.w / 2, y: panel.y + 4, w: 0, h: 0 });  // no widget there
    await frames(page, 8);
    const before = await rect(page, 'Run');
    // The whole height of the panel, under the board and the recursion's step strip.
    const top = panel.y + 10, bottom = 835, reach = 0.8 * (bottom - top);
    await swipe(page, 195, bottom, top);
    await frames(page, 30);
    const after = await rect(page, 'Run');
    check(after.y < before.y - reach,
          `Run moved from y ${before.y} to ${after.y}, not up by ${reach}+`);
    // A tap switched the panel to touch size (the first touch above, at the latest).
    check(after.h >= 44, `Run is ${after.h} px tall on a touch screen`);
    const step = await rect(page, 'Step');
    check(step.h >= 44 && step.w >= 44, `Step is ${step.w}x${step.h}`);
    await page.screenshot({ path: join(ARTIFACTS, 'reach-phone-scrolled.png') });
    // Back down: the swipe the other way.
    await swipe(page, 195, top, bottom);
    await frames(page, 30);
    const back = await rect(page, 'Run');
    check(back.y > after.y + reach, `Run went back down from ${after.y} to ${back.y} only`);
  }],

  ["a sideways swipe scrolls a pane's long rows: the stack in a phone's embed", 'phone',
    async (page) => {
      await page.goto(page.url().split('?')[0] +
                      '?size=5&method=textbook&embed=1&views=code,stack&step=80');
      await page.waitForFunction(() => globalThis.Module?.app?.()?.frames() > 3 &&
                                       Module.coursePage?.restoring === null, null,
                                 { timeout: 20000 });
      await frames(page, 4);
      const stack = await rect(page, 'Stack');
      check(stack, 'no stack pane');
      const [x, y] = [stack.x + stack.w / 2, stack.y + stack.h / 2];
      const before = await page.evaluate(([x, y]) => Module.scrollAt(x, y), [x, y]);
      check(before.maxX > 0, `the stack's rows fit: ${JSON.stringify(before)}`);
      await swipe(page, x + 120, y, y, 12, x - 120);  // right to left: the rows' ends come in
      await frames(page, 20);
      const after = await page.evaluate(([x, y]) => Module.scrollAt(x, y), [x, y]);
      check(after.x >= Math.min(before.maxX, 200) - 1 && after.y === before.y,
            `the swipe scrolled the stack from ${JSON.stringify(before)} to ${JSON.stringify(after)}`);
      await page.screenshot({ path: join(ARTIFACTS, 'reach-phone-stack-sideways.png') });
    }],

  ['a tap leaves no hover behind', 'phone', async (page) => {
    const r = await rect(page, '7x7');
    const point = [r.x + 4, r.y + r.h / 2];  // inside the button, left of its text
    const normal = (await inspect(page, await page.screenshot(), [point])).samples[0];
    await tap(page, r);
    await frames(page, 12);
    checkEqual((await app(page, () => Module.app().config())).rows, 7, 'the tap pressed 7x7');
    const r2 = await rect(page, '7x7');  // touch size may have moved it
    const shown = (await inspect(page, await page.screenshot(),
                                 [[r2.x + 4, r2.y + r2.h / 2]])).samples[0];
    checkEqual(shown, normal, 'the 7x7 button\'s colour after the tap (no hover highlight)');
    await page.screenshot({ path: join(ARTIFACTS, 'reach-phone.png') });
  }],

  ['Fit brings a zoomed board back', 'phone', async (page) => {
    check(!(await rect(page, 'Fit')), 'no Fit button while the board is fitted');
    await app(page, () => Module.app().zoomBy(2.5));
    await frames(page, 3);
    const fit = await rect(page, 'Fit');
    check(fit && fit.h >= 44 && fit.w >= 44, `Fit button: ${JSON.stringify(fit)}`);
    await page.screenshot({ path: join(ARTIFACTS, 'reach-phone-zoomed.png') });
    await tap(page, fit);
    await frames(page, 10);
    check((await app(page, () => Module.app().zoom())).fitted, 'the board is fitted again');
  }],

  ['Tab reaches Run, shows its ring, and Enter runs', 'desktop', async (page) => {
    const presses = await tabTo(page, 'Run');
    check(presses > 5, `Run reached after ${presses} Tabs: the board controls come first`);
    await frames(page, 3);
    const r = await rect(page, 'Run');
    const png = await page.screenshot({ path: join(ARTIFACTS, 'reach-desktop-focus.png') });
    const ring = (await inspect(page, png, [[r.x + r.w / 2, r.y - 2]])).samples[0];
    checkEqual(ring, [255, 213, 79], 'the focus ring above Run');
    checkEqual(await app(page, () => Module.app().state()), 'idle', 'before Enter');
    await page.keyboard.press('Enter', { delay: 50 });
    await frames(page, 3);
    check(await app(page, () => Module.app().state()) !== 'idle', 'Enter on Run started the run');
    // Shift+Tab goes back to the field before.
    await page.keyboard.press('Shift+Tab');
    checkEqual(await page.evaluate(() => document.activeElement.textContent), 'Clear blocked',
               'Shift+Tab from Run');
  }],

  ["Tab follows the panel's visual order: top to bottom, left to right in a row", 'desktop',
    async (page) => {
      await page.keyboard.press('Tab');  // the accessible layer comes alive on a first key
      await frames(page, 4);
      // The controls in Tab order (the document's: none has a tabindex above 0) and where each
      // one's widget is in the panel (rects are recorded for widgets scrolled out of view too).
      const stops = await page.evaluate(() => {
        const shown = [...document.querySelectorAll('#kt-a11y [data-widget]')]
          .filter((e) => !e.hidden && e.tabIndex >= 0);
        return { positive: shown.filter((e) => e.tabIndex > 0).length,
          rects: shown.map((e) => [e.dataset.widget, Module.app().widgetRect(e.dataset.widget)]) };
      });
      checkEqual(stops.positive, 0, 'controls with a tabindex above 0');
      // The panel's widgets (the board and the code's column beside it are regions of their own).
      const panel = stops.rects.filter(([, r]) => r && r.x < 320);
      check(panel.length >= 30, `only ${panel.length} panel controls`);
      for (let i = 1; i < panel.length; i++) {
        const [[a, p], [b, q]] = [panel[i - 1], panel[i]];
        const sameRow = Math.abs(q.y - p.y) <= 2;
        check(sameRow ? q.x > p.x : q.y > p.y,
              `Tab goes from ${a} (${p.x},${p.y}) to ${b} (${q.x},${q.y}) against the reading order`);
      }
    }],

  ['the HTML controls drive and follow the panel', 'desktop', async (page) => {
    await page.focus(twin('Rows'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('6');
    await page.keyboard.press('Tab');
    await frames(page, 3);
    checkEqual((await app(page, () => Module.app().config())).rows, 6, 'Rows typed in the HTML');
    await choose(page, 'Method', 'warnsdorff');
    checkEqual((await app(page, () => Module.app().config())).method, 'warnsdorff', 'Method');
    // A click on the canvas's 8x8: the HTML fields follow.
    await clickWidget(page, '8x8');
    await page.waitForFunction(() =>
      document.querySelector('#kt-a11y [data-widget="Cols"]').value === '8', null,
    { timeout: 5000 });
    // Greyed out as on the canvas: Pause while idle.
    checkEqual(await page.getAttribute(twin('Pause'), 'aria-disabled'),
      'true', 'Pause is disabled while idle');
    // Buttons, each through its state function.
    await press(page, 'Step');
    checkEqual(await app(page, () => Module.app().state()), 'paused', 'Step from the HTML');
    await press(page, 'Reset');
    checkEqual(await app(page, () => Module.app().state()), 'idle', 'Reset from the HTML');
    await press(page, 'Count');
    check(await app(page, () => Module.app().countState().state) !== 'idle', 'Count from the HTML');
  }],

  ['Other pieces, wrapped boards: by clicks and by keyboard, in the link, a camel tours the 7x7 torus',
    'desktop', async (page) => {
      const piece = () => app(page, () => { const c = Module.app().config(); return [c.leaper, c.wrap]; });
      // Clicks: the box under the board's size shows the section; its two combos.
      check(!(await app(page, () => Module.widgetDrawn('Piece'))), 'the section starts hidden');
      await clickWidget(page, 'PieceHeader');
      await pick(page, 'Piece', '1,3');
      await pick(page, 'Wrap', 'torus');
      checkEqual(await piece(), ['1,3', 'torus'], 'camel on a torus, by clicks');
      await frames(page, 2);
      await page.screenshot({ path: join(ARTIFACTS, 'reach-piece-section.png') });
      // The copied link carries them, as leaper= and wrap=.
      await page.click('#kt-copy-link');
      const link = await page.evaluate(() => document.getElementById('kt-copy-out').value);
      check(/[?&]leaper=1,3(&|$)/.test(link) && /[?&]wrap=torus(&|$)/.test(link), `link ${link}`);
      // The 7x7 torus from a corner (knights solve --size 7 --leaper camel --wrap torus finds
      // one), found and checked by the page's verifier, and here: 49 squares, each step a
      // camel's (1,3) jump round the torus's edges (on 7 columns 3 is not -2 or 2: no knight's).
      await clickWidget(page, '7x7');
      await app(page, () => { Module.setPanelField('method', 'warnsdorff'); Module.app().run(); });
      await page.waitForFunction(() => Module.app().status() !== 'running', null, { timeout: 20000 });
      const r = await app(page, () => ({ status: Module.app().status(), ok: Module.app().verify().ok,
                                         path: Module.app().path() }));
      const round = (d) => Math.min(Math.abs(d) % 7, 7 - (Math.abs(d) % 7));
      const camel = r.path.slice(1).every((q, i) =>
        [round(q[0] - r.path[i][0]), round(q[1] - r.path[i][1])].sort().join() === '1,3');
      checkEqual([r.status, r.ok, new Set(r.path.map(String)).size, camel], ['found', true, 49, true],
                 'the camel\'s tour of the 7x7 torus');
      // On screen and in the SVG, a jump across an edge is two short segments: no line of the
      // exported path is longer than the camel's jump (40 px squares: 40 * sqrt(10) + rounding).
      const svg = await app(page, () => Module.boardSvg('light'));
      const lines = [...svg.matchAll(/<polyline points="([^"]+)"/g)].map((m) =>
        m[1].split(' ').map((p) => p.split(',').map(Number)));
      const longest = Math.max(...lines.flatMap((l) => l.slice(1).map((p, i) =>
        Math.hypot(p[0] - l[i][0], p[1] - l[i][1]))));
      check(lines.length > 1 && longest <= 40 * Math.sqrt(10) + 2,
            `${lines.length} polylines, the longest segment ${longest.toFixed(1)} px`);
      await page.screenshot({ path: join(ARTIFACTS, 'reach-camel-torus.png') });
      // The keyboard: the HTML twins, Tab order and arrow keys as a screen reader's user has them.
      await reopen(page, page.url().split('?')[0]);
      await page.focus(twin('Cols'));
      await page.keyboard.press('Tab');
      checkEqual(await page.evaluate(() => document.activeElement.getAttribute('aria-label')),
                 'Other pieces, wrapped boards', 'Tab after Cols');
      await page.keyboard.press('Space');
      // The section's fields join the Tab order once the panel draws them.
      await page.waitForFunction((w) => !document.querySelector(w).hidden, twin('Piece'),
                                 { timeout: 5000 });
      await tabTo(page, 'Piece', 5);
      await page.keyboard.press('ArrowDown');  // knight -> camel
      await page.keyboard.press('ArrowDown');  // -> zebra
      await tabTo(page, 'Board edges', 5);
      await page.keyboard.press('ArrowDown');  // none -> cylinder
      await frames(page, 2);
      checkEqual(await piece(), ['2,3', 'cylinder'], 'zebra on a cylinder, by keyboard');
      // Any jump typed; a wrong one refused, naming the field.
      await page.focus(twin('Leaper'));
      await page.keyboard.press('Control+A');
      await page.keyboard.type('0,0');
      await page.keyboard.press('Tab');
      const why = await app(page, () => Module.app().error());
      check(/^leaper: /.test(why), `0,0 refused by name: ${why}`);
      await typeInto(page, 'Leaper', '2,5');
      checkEqual(await piece(), ['2,5', 'cylinder'], 'a (2,5)-leaper typed in the panel');
    }],

  ['Classes and ends: the tours up to symmetry and the end map, from the panel', 'desktop',
    async (page) => {
      await app(page, () => Module.app().configureProblem({ size: 5, start: '1,1',
                                                             method: 'textbook' }));
      await app(page, () => Module.app().setCountKind('from-start'));
      await frames(page, 2);
      // The row comes with a count: what it lists is what was counted.
      check(!(await app(page, () => Module.widgetDrawn('Study'))), 'Study before a count');
      await press(page, 'Count');
      await page.waitForFunction(() => Module.app().countState().state === 'done', null,
                                 { timeout: 20000 });
      await frames(page, 2);
      await press(page, 'Study');  // the panel's button, through its HTML twin
      await page.waitForFunction(() => Module.app().study().state === 'done', null,
                                 { timeout: 20000 });
      const st = await app(page, () => Module.app().study());
      const far = st.ends.find((e) => e.end[0] === 5 && e.end[1] === 5);
      // The CLI's count --start 1,1 --classes and --ends (tests/cli): 152 classes, 56 to e5.
      checkEqual([st.tours, st.classes, far.count], ['304', '152', '56'], 'the study');
      check(await rect(page, 'Ends'), 'the end map is drawn');
      await clickWidget(page, 'Ends');  // scrolls it into view for the picture
      await frames(page, 2);
      // On the board too: e5's square shaded darker than d5's (56 tours end on e5, none on d5:
      // a knight's open tour of 5x5 from a1 ends on a dark square).
      check(st.onBoard, 'the end map is on the board');
      const [e5, d5] = await app(page, () => [Module.app().squareRect(5, 5), Module.app().squareRect(4, 5)]);
      const shot = await page.screenshot({ path: join(ARTIFACTS, 'reach-study-5x5.png') });
      const at = (r) => [r.x + r.w * 0.12, r.y + r.h * 0.12];  // inside the shade, off the digits
      const { samples } = await inspect(page, shot, [at(e5), at(d5)]);
      const lum = ([r, g, b]) => r + g + b;
      check(lum(samples[0]) < lum(samples[1]) - 60, `e5 ${samples[0]} darker than d5 ${samples[1]}`);
      // Its checkbox takes the map off the board and back; a run shows the search instead.
      await clickWidget(page, 'EndMap');
      await frames(page, 2);
      check(!(await app(page, () => Module.app().study().onBoard)), 'the end map taken off');
      await clickWidget(page, 'EndMap');
      await frames(page, 2);
      check(await app(page, () => Module.app().study().onBoard), 'the end map back');
      await app(page, () => Module.app().step());
      await frames(page, 2);
      check(!(await app(page, () => Module.app().study().onBoard)), 'a run hides the end map');
    }],

  ['the accessibility tree names the controls and the canvas', 'desktop', async (page) => {
    await app(page, () => Module.app().configureProblem({ size: 5, method: 'textbook' }));
    await page.waitForFunction(() => !document.querySelector('#kt-a11y [data-widget="TeachBack"]')
      .hidden, null, { timeout: 5000 });
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    await cdp.detach();
    const have = new Set(nodes.filter((n) => !n.ignored)
      .map((n) => `${n.role?.value}:${n.name?.value}`));
    const want = ['button:Run', 'button:Pause', 'button:Step', 'button:Back', 'button:Reset',
      'button:Count', 'combobox:Method', 'textbox:Rows', 'textbox:Cols',
      'textbox:Start', 'textbox:End'];
    const missing = want.filter((w) => !have.has(w));
    check(missing.length === 0, `missing from the accessibility tree: ${missing.join(', ')}`);
    // What the panel does not draw is not there: no tour to browse, no zoomed board to fit.
    const hidden = ['button:Previous tour', 'button:Next tour', 'button:Fit'].filter((w) => have.has(w));
    checkEqual(hidden, [], 'hidden controls in the accessibility tree');
    check([...have].some((h) => /^(img|image):Knight's Tour Explorer/.test(h)),
      'the canvas has no label');
  }],

  ['the status counts every square', 'desktop', async (page) => {
    await app(page, () => {
      const a = Module.app();
      a.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'warnsdorff' });
      a.setSpeed(1000, true);
      a.run();
    });
    await page.waitForFunction(() => Module.app().status() === 'found', null, { timeout: 20000 });
    await page.waitForFunction(() => /Tour found/.test(document.getElementById('kt-live')
      .textContent), null, { timeout: 5000 });
    checkEqual(await page.textContent('#kt-live'), 'Tour found: 25 squares.', 'the status');
  }],

  ['the recursion is said in words', 'desktop', async (page) => {
    await app(page, () => {
      const a = Module.app();
      a.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
      a.setGranularity('move');
    });
    await frames(page, 2);
    await press(page, 'TeachStep');
    const said = await page.textContent('#kt-steps');
    // The step, then the line that runs next as the listing prints it.
    check(/^TryMove\(2, 1, 1\): candidate [1-8] of 8, \(\d,\d\) free; move 2 placed\. Next, line \d+: \S/
      .test(said),
      `after one move: "${said}"`);
    checkEqual(await page.getAttribute('#kt-steps', 'aria-live'), 'polite', 'a live region');
    // Line by line, the candidates off the board and visited are said too.
    await choose(page, 'Granularity', 'line');
    const heard = await app(page, () => {
      const out = [];
      for (let i = 0; i < 400; i++) {
        Module.app().forward(1);
        out.push(Module.recursionWords());
      }
      return out;
    });
    check(heard.some((t) => / off the board; next$/.test(t)), 'no candidate off the board');
    check(heard.some((t) => /\(\d,\d\) visited; next$/.test(t)), 'no visited candidate');
    check(heard.some((t) => / led to a dead end; move \d+ taken back$/.test(t)), 'no dead end');
    await choose(page, 'Granularity', 'move');
    await press(page, 'TeachStep');
    const next = await page.textContent('#kt-steps');
    await press(page, 'TeachBack');
    const back = await page.textContent('#kt-steps');
    check(back !== next && back !== '', `Back says the step before: "${back}" after "${next}"`);
  }],

  ['configureProblem and run before the first frame are kept', 'desktop', async (page) => {
    const early = await page.context().newPage();
    try {
      await early.addInitScript(() => {
        // As in a browser whose first animation frame comes late (WebKit): no frame is drawn
        // before the call below.
        const raf = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (f) => {
          if (globalThis.__early) return raf(f);
          setTimeout(() => window.requestAnimationFrame(f), 5);
          return 0;
        };
        const poll = () => {
          const m = globalThis.Module, a = m && m.app && m.app();
          if (!a) { setTimeout(poll, 0); return; }
          globalThis.__early = {
            frames: a.frames(),
            why: a.configureProblem({ rows: 6, cols: 6, start: '1,1', method: 'warnsdorff' }),
          };
          a.run();
        };
        poll();
      });
      await early.goto(page.url());
      await early.waitForFunction(() => globalThis.Module?.app?.()?.frames() > 5, null,
                                  { timeout: 20000 });
      const r = await early.evaluate(() => ({ early: globalThis.__early,
        config: Module.app().config(), state: Module.app().state() }));
      checkEqual(r.early, { frames: 0, why: '' }, 'called before the first frame');
      checkEqual([r.config.rows, r.config.cols, r.config.method], [6, 6, 'warnsdorff'],
                 'the early problem');
      check(r.state !== 'idle', `the early run() was dropped: ${r.state}`);
    } finally {
      await early.close();
    }
  }],

  ['the accessibility tree: options and values, disabled, the code line and the stack', 'desktop',
    async (page) => {
      await app(page, () => {
        const a = Module.app();
        a.configureProblem({ rows: 5, cols: 5, start: '1,1', method: 'textbook' });
        for (let i = 0; i < 30; i++) a.step();  // thirty lines of TryMove
      });
      await page.waitForFunction(() => Module.secondPartIn === undefined || Module.secondPartIn());
      await page.waitForFunction(() => document.querySelector(
        '#kt-a11y [data-widget="Method"]').value === 'textbook', null, { timeout: 5000 });
      await page.waitForFunction(() => document.querySelector('#kt-code li[aria-current]'),
                                 null, { timeout: 5000 });
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      await cdp.detach();
      const live = nodes.filter((n) => !n.ignored);
      const byName = (role, name) => live.find((n) => n.role?.value === role &&
                                                      n.name?.value === name);
      const method = byName('combobox', 'Method');
      check(method, 'no Method combobox');
      checkEqual(method?.value?.value, 'textbook', 'the Method combobox\'s value');
      const options = live.filter((n) => n.role?.value === 'option').map((n) => n.name?.value);
      for (const o of ['warnsdorff', 'construct', 'a dead end', 'open tours from the start square',
        'python']) {
        check(options.includes(o), `option "${o}" missing: ${options.join(', ')}`);
      }
      check(!options.includes('dead-end') && !options.includes('from-start'),
            'options read as ids');
      const disabled = (name) => byName('button', name)?.properties
        ?.find((p) => p.name === 'disabled')?.value?.value;
      checkEqual(disabled('Pause'), true, 'Pause disabled while paused');
      const code = await page.evaluate(() => ({
        current: document.querySelector('#kt-code li[aria-current]').textContent,
        line: Module.app().listing().current,
        text: Module.app().listing().lines[Module.app().listing().current - 1].trim(),
        stack: [...document.querySelectorAll('#kt-code ol[aria-label] li')].map((l) => l.textContent),
        locals: document.querySelector('#kt-code p').textContent,
      }));
      checkEqual(code.current, code.text, 'the current line as text');
      check(code.stack.length >= 1 && /^TryMove\(/.test(code.stack[0]), `the stack: ${code.stack}`);
      check(/Locals: moveNumber = \d+/.test(code.locals), `the locals: ${code.locals}`);
      // A line step says the line it comes to.
      await press(page, 'TeachStep');
      const said = await page.textContent('#kt-steps');
      check(/Next, line \d+: /.test(said), `a line step said: "${said}"`);
    }],

  ['the board by keyboard on a large tour names its square without reading the whole board',
    'desktop', async (page) => {
      // 1000x1000, constructed: the cursor's words come from the square alone (app.moveAt).
      // Made from app.board() at every refresh, a 10^8-square tour's were seconds each time.
      await app(page, () => {
        const a = Module.app();
        a.configureProblem({ rows: 1000, cols: 1000, start: '1,1', method: 'construct' });
        a.setSpeed(1000000, true);
        a.run();
      });
      await page.waitForFunction(() => Module.app().status() === 'found' &&
                                       Module.app().moveAt(1, 1) === 1, null, { timeout: 60000 });
      const board = twin('Board');
      await page.focus(board);  // the accessible controls go live, refreshed every half second
      await page.evaluate(() => {
        const proto = Object.getPrototypeOf(Module.app());
        const whole = proto.board;
        globalThis.ktBoardReads = 0;
        proto.board = function () { ++globalThis.ktBoardReads; return whole.call(this); };
      });
      await page.keyboard.press('ArrowRight', { delay: 30 });  // (2,1): "21" on a board this wide
      await page.waitForTimeout(1200);  // two refreshes at least
      const label = await page.textContent(board);
      const move = await app(page, () => Module.app().moveAt(2, 1));
      check(move > 1 && label.includes(`(2,1), move ${move}`), `the cursor's words: ${label}`);
      checkEqual(await page.evaluate(() => globalThis.ktBoardReads), 0, 'whole boards read');
    }],

  ['keyboard only: predict and play on the board by arrow keys and Enter', 'desktop',
    async (page) => {
      await app(page, () => Module.app().configureProblem({ rows: 5, cols: 5, start: '1,1',
                                                             method: 'textbook' }));
      await frames(page, 3);
      const board = twin('Board');
      const key = async (k, n = 1) => {
        for (let i = 0; i < n; i++) await page.keyboard.press(k, { delay: 30 });
      };
      // Predict: the mode by its select, then a square by the cursor and Enter.
      await choose(page, 'Mode:watch', 'predict');
      checkEqual(await app(page, () => Module.app().mode()), 'predict', 'mode by keyboard');
      await page.focus(board);
      await key('ArrowRight'); await key('ArrowUp', 2);  // b3: Sutcliffe's first jump from a1
      check(/b3 \(2,3\)/.test(await page.textContent(board)), 'the cursor on b3');
      await key('Enter');
      await frames(page, 2);
      const score = await app(page, () => Module.app().predictScore());
      checkEqual([score.asked, score.right], [1, 1], 'predicted b3 by keyboard');
      await page.screenshot({ path: join(ARTIFACTS, 'reach-keyboard-predict.png') });
      // Play: from a1, the cursor to c2 and Enter plays it.
      await choose(page, 'Mode:watch', 'play');
      await page.focus(board);
      await key('ArrowDown'); await key('ArrowRight');  // from b3 to c2
      await key('Enter');
      await frames(page, 2);
      const path = await app(page, () => Module.app().play().path);
      checkEqual(path, [[1, 1], [3, 2]], 'played c2 by keyboard');
      checkEqual(await page.textContent('#kt-live') !== 'Ready.', true, 'the move is said');
      await page.screenshot({ path: join(ARTIFACTS, 'reach-keyboard-play.png') });
      checkEqual(page.errors, [], 'page errors');
    }],

  ['the code is never cut: projector, laptop, big font, small embeds', 'desktop', async (page) => {
    const base = page.url().split('?')[0];
    const cases = [
      ['projector-1024x768', 1024, 768, '?size=5&method=textbook&layout=projector&step=40', 0],
      ['projector-wirth-1024x768', 1024, 768, '?size=5&method=wirth&layout=projector&step=40', 0],
      ['laptop-1280x800', 1280, 800, '?size=5&method=textbook&listing=python&step=40', 0],
      // A 1280x800 window at 150% browser zoom: 853x533 CSS pixels.
      ['zoom150-1280x800', 853, 533, '?size=5&method=textbook&step=40', 0],
      ['big-1920x1080', 1920, 1080, '?size=5&method=textbook&listing=wirth&step=40', 4],
      ['embed-640x480', 640, 480, '?size=5&method=textbook&embed=1&views=code&step=40', 0],
      ['embed-800x600', 800, 600, '?size=5&method=textbook&embed=1&views=code&step=40&code=1.5', 0],
    ];
    for (const [name, w, h, query, larger] of cases) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(base + query);
      await page.waitForFunction(() => globalThis.Module?.app?.()?.frames() > 3 &&
                                       Module.coursePage?.restoring === null, null,
                                 { timeout: 20000 });
      for (let i = 0; i < larger; i++) {
        await app(page, () => { const a = Module.app(); a.setCodeScale(a.codeScale() * 1.25); });
      }
      await frames(page, 4);
      const c = await app(page, () => Module.app().codeLayout());
      check(c.lines > 0, `${name}: no code drawn`);
      check(c.widest <= c.width + 0.5, `${name}: a row of ${c.widest} px in ${c.width} px`);
      if (name.startsWith('projector')) {  // the whole listing at 24 px, the stack in view
        checkEqual([c.scale >= 1.5, c.whole], [true, true], `${name}: scale, whole listing`);
        const corner = await app(page, () => Module.app().squareRect(1, 1));  // a1: bottom left
        const stack = await rect(page, 'Stack');
        check(stack && stack.y >= corner.y + corner.h && stack.y + stack.h <= h,
              `${name}: the stack under the board: ${JSON.stringify([corner, stack])}`);
      }
      if (name.startsWith('zoom')) {  // the page's bar folds rather than lie over the panel
        const left = await page.evaluate(() => Math.min(...[...document.querySelectorAll(
          '#kt-toolbar > *')].filter((e) => e.offsetWidth).map((e) => e.getBoundingClientRect().left)));
        check(left >= 320, `${name}: the page's bar starts at ${left} px, over the panel`);
      }
      if (name.startsWith('embed')) {  // embeds offer the Listing and A-/A+ in their bar
        await page.waitForFunction(() => !document.getElementById('kt-listing').hidden);
        const bar = await page.evaluate(() => ({
          listings: document.getElementById('kt-listing').options.length,
          larger: !!document.getElementById('kt-code-larger').offsetWidth }));
        checkEqual([bar.listings >= 8, bar.larger], [true, true], `${name}: the embed bar`);
      }
      await page.screenshot({ path: join(ARTIFACTS, `reach-code-${name}.png`) });
    }
    // The font scale travels with the link.
    check(/code=1\.5/.test(await page.evaluate(() => location.search)), 'code= in the link');
    await page.setViewportSize({ width: 1280, height: 800 });
  }],

  ['a 1024x768 projector: A+ in the full explorer takes the projector layout, A- gives it back',
    'desktop', async (page) => {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(page.url().split('?')[0] + '?size=5&method=textbook&step=40');
      await page.waitForFunction(() => globalThis.Module?.app?.()?.frames() > 3 &&
                                       Module.coursePage?.restoring === null, null,
                                 { timeout: 20000 });
      const room = () => page.evaluate(() => ({
        room: document.documentElement.classList.contains('kt-room'),
        code: Module.app().codeLayout(), views: Module.app().views(), query: location.search }));
      checkEqual((await room()).room, false, 'the full explorer at first');
      await clickWidget(page, 'CodeLarger');  // 20 px: still the panel's
      checkEqual((await room()).room, false, 'A+ once');
      await clickWidget(page, 'CodeLarger');  // 25 px: the room's layout, at 24 px
      await page.waitForFunction(() => document.documentElement.classList.contains('kt-room'));
      await frames(page, 4);
      const r = await room();
      checkEqual([r.code.scale, r.code.whole, r.code.widest <= r.code.width],
                 [1.5, true, true], 'the whole listing at 24 px');
      checkEqual(r.views.sort(), ['code', 'stack'], 'the code and the stack');
      check(!/views=|layout=/.test(r.query), `the reader's link is kept: ${r.query}`);
      const corner = await app(page, () => Module.app().squareRect(1, 1));
      const stack = await rect(page, 'Stack');
      check(stack && stack.y >= corner.y + corner.h, 'the stack under the board');
      await page.screenshot({ path: join(ARTIFACTS, 'reach-code-projector-auto-1024x768.png') });
      // The bar's A- (20 px) gives the full explorer back, with the reader's panels.
      await page.click('#kt-code-smaller');
      await page.waitForFunction(() => !document.documentElement.classList.contains('embed'));
      const back = await room();
      checkEqual([back.room, back.views, back.code.scale.toFixed(2)], [false, ['code'], '1.20'], 'back');
      await page.setViewportSize({ width: 1280, height: 800 });
    }],

  ['phone: the line and the step bar on screen together; 40 px squares to predict and play',
    'phone', async (page) => {
      await app(page, () => Module.app().configureProblem({ rows: 5, cols: 5, start: '1,1',
                                                             method: 'textbook' }));
      await frames(page, 4);
      const both = () => page.evaluate(() => ({ line: Module.app().widgetRect('StripLine'),
        step: Module.app().widgetRect('StripStep'), run: Module.app().widgetRect('StripRun'),
        lines: Module.app().recursion().lines, height: innerHeight }));
      let r = await both();
      for (const k of ['line', 'step', 'run']) {
        check(r[k] && r[k].y >= 0 && r[k].y + r[k].h <= r.height, `${k}: ${JSON.stringify(r[k])}`);
      }
      check(r.step.h >= 44, `the strip's Step is ${r.step.h} px tall`);
      await touch(page, r.step);  // a tap on the strip's Step: the next line, shown there
      const after = await both();
      checkEqual(after.lines, r.lines + 1, 'a tap on Step runs a line');
      await page.screenshot({ path: join(ARTIFACTS, 'reach-phone-strip.png') });
      for (const mode of ['predict', 'play']) {
        await app(page, (m) => {
          const a = Module.app();
          a.configureProblem({ rows: 8, cols: 8, start: '1,1', method: 'textbook' });
          a.setMode(m);
        }, mode);
        await frames(page, 4);
        const sq = await app(page, () => Module.app().squareRect(4, 4));
        check(sq.w >= 40 && sq.h >= 40, `${mode} on 8x8: squares of ${sq.w} px`);
        await page.screenshot({ path: join(ARTIFACTS, `reach-phone-${mode}-8x8.png`) });
      }
      await app(page, () => Module.app().setMode('watch'));
    }],

  ['screenshots at 1280x800', 'desktop', async (page) => {
    await app(page, () => Module.app().configureProblem({ rows: 6, cols: 6, start: '1,1' }));
    await frames(page, 3);
    await page.screenshot({ path: join(ARTIFACTS, 'reach-desktop.png') });
    await writeFile(join(ARTIFACTS, 'reach-a11y.html'),
      await page.evaluate(() => document.getElementById('kt-a11y').outerHTML));
  }],
];

await exitWith('reach', () => runOnSite('reach', GROUPS, tests));
