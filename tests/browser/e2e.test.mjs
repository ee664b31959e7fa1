// End-to-end test of the built page in Debian's Chromium (playwright-core): real mouse clicks
// and typing on the ImGui canvas, the JS API, HiDPI and resizing. Screenshots go to
// test-artifacts/. Prints "browser: N passed, M failed" and exits non-zero on failure.
//
//   node tests/browser/e2e.test.mjs [site dir]     (default: build/wasm/site)
import { access, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { app, clickSquare, clickWidget, frames, inspect, launch, open, touch } from './page.mjs';
import { serve } from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SITE = resolve(process.argv[2] ?? join(ROOT, 'build/wasm/site'));
const ARTIFACTS = join(ROOT, 'test-artifacts');

// Seed 000's printed 5x5 tour from (1,1), top row first.
const TEXTBOOK_5X5 = [[25, 18, 3, 12, 23], [8, 13, 24, 17, 4], [19, 2, 7, 22, 11],
  [14, 9, 20, 5, 16], [1, 6, 15, 10, 21]];
const GREEN = [28, 128, 64];  // banner colours in ui/explorer_app.cpp
const RED = [170, 44, 44];

function check(cond, what) {
  if (!cond) throw new Error(what);
}
function checkEqual(actual, expected, what) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}
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
    await clickWidget(page, 'Run');
    await frames(page, 10);
    checkEqual(await app(page, () => Module.app().state()), 'running', 'state after Run');
    await clickWidget(page, 'Pause');
    checkEqual(await app(page, () => Module.app().state()), 'paused', 'state after Pause');
    const steps = () => app(page, () => Module.app().placed() + Module.app().erased());
    const before = await steps();
    check(before > 0, 'no steps taken while running');
    await frames(page, 5);
    checkEqual(await steps(), before, 'steps while paused');
    await clickWidget(page, 'Step');
    checkEqual(await steps(), before + 1, 'steps after Step');
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
    await frames(page);
    const png = await page.screenshot({ path: join(ARTIFACTS, 'browser-5-no-tour-4x4.png') });
    check(near(await bannerColour(page, png, 1), RED), 'banner is not red');
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
        s.configure(100, 100, '1,1', 'textbook'), s.configure(5.5, 5, '1,1', 'textbook'),
        s.configure('5', 5, '1,1', 'textbook'), s.configure(NaN, 5, '1,1', 'textbook'),
        s.configure(5, 5, 'garbage', 'textbook'), s.configure(5, 5, '9,9', 'textbook'),
        s.configure(5, 5, 42, 'textbook'), s.configure(5, 5, '1,1', 'nope'),
        Module.app().configure(-3, 5, '1,1', 'textbook'),
        Module.app().configure(5, 5, '', 'wirth'), Module.app().configure(5, 5, null, 'wirth'),
      ];
      out.afterBad = [s.status(), s.run('lots'), s.run(-5), Module.app().status()];
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
    for (const [i, m] of r.bad.entries()) {
      check(typeof m === 'string' && m.length > 0, `bad input #${i} gave no message`);
    }
    checkEqual(r.afterBad, ['found', 'found', 'found', 'running'], 'state after bad input');
    checkEqual(r.wirth, ['', 'found', true], 'wirth 6x6');
    console.log(`    textbook 5x5 from (1,1): ${r.steps} steps; messages: "${r.bad[0]}", ` +
                `"${r.bad[2]}", "${r.bad[6]}"`);
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
    await touch(page, await rect('Step'));
    checkEqual(await steps(), 1, 'steps after tapping Step');
    // Emscripten's GLFW would replay the previous tap here (see web/main.cpp).
    await touch(page, await rect('Banner'));
    checkEqual(await steps(), 1, 'steps after tapping the banner');
    await touch(page, await rect('Reset'));
    await touch(page, await app(page, () => Module.app().squareRect(2, 2)));
    checkEqual(await app(page, () => Module.app().config().start), '2,2', 'start after tapping b2');
    await page.screenshot({ path: join(ARTIFACTS, 'browser-8-phone.png') });
  }],

  ['no WebGL2: a clear message instead of the app', 'nowebgl', async (page) => {
    await page.waitForFunction(() => document.getElementById('note').className === 'error', null,
                               { timeout: 20000 });
    const text = await page.evaluate(() => document.getElementById('note').textContent);
    check(/WebGL2/.test(text), `message: ${text}`);
    await page.screenshot({ path: join(ARTIFACTS, 'browser-9-no-webgl.png') });
  }],
];

async function main() {
  await access(join(SITE, 'index.html')).catch(() => {
    throw new Error(`no ${join(SITE, 'index.html')}: build the kt_web target first`);
  });
  await mkdir(ARTIFACTS, { recursive: true });
  const server = await serve(SITE);
  let passed = 0, failed = 0;
  try {
    for (const [group, options] of Object.entries(GROUPS)) {
      const browser = await launch(options);
      try {
        for (const [name, , fn] of tests.filter((t) => t[1] === group)) {
          let page;
          try {
            page = await open(browser.context, server.url, group !== 'nowebgl');
            await fn(page);
            check(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
            console.log(`ok    ${name} (${group})`);
            passed++;
          } catch (e) {
            console.log(`FAIL  ${name} (${group}): ${e.message.split('\n')[0]}`);
            failed++;
          } finally {
            await page?.close();
          }
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    server.close();
  }
  console.log(`browser: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed === tests.length ? 0 : 1;
}

process.exitCode = await main().catch((e) => {
  console.log(`browser: setup failed: ${e.message}`);
  return 1;
});
