// Driving the explorer page in Chromium: launch, wait for frames, click widgets and squares
// located through Module.app()'s rects (the clicks themselves are real mouse events).
// Also what every test script shares: the site and artifact folders, check(), and the runner
// that launches the browsers, runs each test and counts the results.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { serve } from './server.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// The built site: the scripts' one argument (ctest passes build/wasm/site), or that default.
export const SITE = resolve(process.argv[2] ?? join(ROOT, 'build/wasm/site'));
export const ARTIFACTS = join(ROOT, 'test-artifacts');  // screenshots and downloads

// The native CLI the benchmarks compare the page with: KT_KNIGHTS, or the native build's; null
// (and why, printed) when there is none.
export function nativeKnights() {
  const knights = process.env.KT_KNIGHTS ?? join(ROOT, 'build/native/cli/knights');
  if (existsSync(knights)) return knights;
  console.log(`native: no ${knights} (cmake --preset native && cmake --build --preset native)`);
  return null;
}

export function check(cond, what) {
  if (!cond) throw new Error(what);
}
export function checkEqual(actual, expected, what) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

// Debian's Chromium, headless; the networking flags stop it calling home on a closed network.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// firstVisit: false (the default) opens every page as a returning visitor, who has seen the
// page's lesson (web/lesson.js); true, as a first visit, which opens it.
export async function launch({ width = 1280, height = 800, deviceScaleFactor = 1, hasTouch = false,
                              args = [], firstVisit = false } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'kt-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...ARGS, ...args],
    viewport: { width, height },
    deviceScaleFactor,
    hasTouch,
  });
  if (!firstVisit) {
    await context.addInitScript(() => {
      try { localStorage.setItem('kt-lesson-seen', '1'); } catch (e) { /* opaque origins */ }
    });
  }
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

// Opens the page; resolves once the app has drawn a few frames (unless `waitForApp` is false).
// Collects page errors.
export async function open(context, url, waitForApp = true) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
  // KT_LOG=1 echoes the page's console (debugging).
  if (process.env.KT_LOG) page.on('console', (m) => console.log('  [page]', m.text()));
  return reopen(page, url, waitForApp);
}

// Loads `url` in a page made by open(), as a new page load (also when only the query differs):
// what a fresh tab would show, at about half the browser's work of one. Clears page.errors.
export async function reopen(page, url, waitForApp = true) {
  page.errors.length = 0;
  await page.goto(url);
  if (!waitForApp) return page;
  await page.waitForFunction(() => globalThis.Module?.app?.()?.frames() > 3, null,
                             { timeout: 20000 });
  return page;
}

export const app = (page, fn, arg) => page.evaluate(fn, arg);

// Waits until the app has drawn `n` more frames, so clicks and typing have been processed.
export async function frames(page, n = 3) {
  const start = await page.evaluate(() => Module.app().frames());
  await page.waitForFunction((s) => Module.app().frames() >= s, start + n, { timeout: 10000 });
}

async function clickRect(page, rect, what) {
  if (!rect) throw new Error(`no rect for ${what}`);
  await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await frames(page);
}

// The widget's rect once it is on screen: the panel is scrolled with the mouse wheel when the
// widget lies below (or above) the visible part. The first turn of the wheel measures how far the
// panel moves per wheel pixel; later turns go most of the way at once (a phone's panel is long,
// and each frame of its 3x canvas is slow to draw).
export async function reveal(page, label) {
  await frames(page, 1);  // rects are the last frame's: after a script's change, the next one's
  let before = null, perWheelPixel = null;
  for (let i = 0; i < 60; i++) {
    const [r, panel, height] = await page.evaluate((l) =>
      [Module.app().widgetRect(l), Module.app().widgetRect('Panel'), innerHeight], label);
    if (!r) throw new Error(`no rect for ${label}`);
    const top = panel ? panel.y : 0;
    if (r.y >= top && r.y + r.h <= height - 2) return r;
    if (before && r.y !== before.y) perWheelPixel = Math.abs(r.y - before.y) / Math.abs(before.wheel);
    const down = r.y + r.h > height - 2;
    // Aim the widget's top at a third of the visible panel.
    const distance = Math.abs(r.y - (top + (height - top) / 3));
    const wheel = (down ? 1 : -1) * (perWheelPixel ? Math.max(60, 0.9 * distance / perWheelPixel) : 150);
    await page.mouse.move(panel.x + panel.w / 2, Math.min(height - 10, top + 40));
    await page.mouse.wheel(0, wheel);
    await frames(page, 2);
    before = { y: r.y, wheel };
  }
  throw new Error(`could not scroll ${label} into view`);
}

export async function clickWidget(page, label) {
  await clickRect(page, await reveal(page, label), label);
}

// Opens a combo (label) and picks an item (label:item), as a user does with the mouse.
export async function pick(page, combo, item) {
  await clickWidget(page, combo);
  await clickRect(page, await page.evaluate((l) => Module.app().widgetRect(l), `${combo}:${item}`),
                  `${combo}:${item}`);
}

// Types into a text or number field: a click selects its text, typing replaces it, Enter applies.
export async function typeInto(page, label, text) {
  await clickWidget(page, label);
  await page.keyboard.type(text, { delay: 60 });
  await page.keyboard.press('Enter', { delay: 100 });
  await frames(page);
}

// The longest frame a test accepts. The page budgets its work per frame (a few ms of searching or
// counting a frame), so on an idle machine no frame comes near this; it is generous so that a
// loaded machine (two cores shared by many builds) does not fail a test, while a page that
// stops drawing (all the work in one frame) still does.
export const FRAME_BUDGET_MS = 1000;

// Longest frame while `during` runs: the app's own frame time (Module.frameStats: its work, ImGui
// and the GL calls) and the longest interval between animation frames as the page saw it.
export async function frameTimes(page, during) {
  await page.evaluate(() => {
    Module.resetFrameStats();
    const g = (globalThis.__gaps = { max: 0, last: performance.now(), on: true, n: 0 });
    const tick = (t) => {
      if (!g.on) return;
      g.max = Math.max(g.max, t - g.last);
      g.last = t;
      g.n++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await during();
  return page.evaluate(() => {
    globalThis.__gaps.on = false;
    const s = Module.frameStats();
    return { appMaxMs: s.maxMs, frames: s.frames, gapMaxMs: globalThis.__gaps.max };
  });
}

export async function clickSquare(page, x, y) {
  const rect = await page.evaluate(([x, y]) => Module.app().squareRect(x, y), [x, y]);
  await clickRect(page, rect, `square (${x},${y})`);
}

// A finger held for `ms` on the centre of `rect`, through the DevTools protocol (Playwright's
// tap() lifts at once, which would hide bugs that only show when the finger stays down).
export async function touch(page, rect, ms = 150) {
  const cdp = await page.context().newCDPSession(page);
  const point = { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await frames(page);
}

// Decodes a PNG screenshot with the browser's own decoder: the number of distinct colours and
// the [r, g, b] at each of `points` (CSS pixels, scaled by `scale` to image pixels).
export async function inspect(page, png, points = [], scale = 1) {
  return page.evaluate(async ([b64, points, scale]) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    const at = ([x, y]) => {
      const i = 4 * (Math.round(y * scale) * c.width + Math.round(x * scale));
      return [d[i], d[i + 1], d[i + 2]];
    };
    return { colours: seen.size, samples: points.map(at) };
  }, [png.toString('base64'), points, scale]);
}

// Runs each [name, ...] entry of `tests` through `run` (KT_ONLY=text: only the names that
// contain it), one line each ("ok" or "FAIL" and the error's first line), then
// "<label>: N passed, M failed". Resolves to the exit code: 0 when every selected test passed.
export async function runTests(label, tests, run) {
  const only = process.env.KT_ONLY;
  const selected = tests.filter(([name]) => !only || name.includes(only));
  let passed = 0, failed = 0;
  for (const test of selected) {
    const t0 = Date.now();
    try {
      await run(test);
      passed++;
      console.log(`ok    ${test[0]} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.log(`FAIL  ${test[0]}: ${String(e?.message ?? e).split('\n')[0]}`);
    }
  }
  console.log(`${label}: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed === selected.length ? 0 : 1;
}

// Serves the built site (SITE) while `body(url)` runs; refuses at once when it is not built.
export async function withSite(body, options = {}) {
  await access(join(SITE, 'index.html')).catch(() => {
    throw new Error(`no ${join(SITE, 'index.html')}: build the kt_web target first`);
  });
  await mkdir(ARTIFACTS, { recursive: true });
  const server = await serve(SITE, options);
  try {
    return await body(server.url);
  } finally {
    server.close();
  }
}

// Runs [name, group, fn(page)] tests on the built site, group by group: one browser per group,
// launched with groups[group], and one tab in it that loads the page afresh for each test (at
// the group's window size, without waiting for the app when waitForApp(group) says so). A test
// also fails when the page logged errors. Resolves to the exit code, as runTests.
export async function runOnSite(label, groups, tests, { waitForApp = () => true } = {}) {
  const ordered = Object.keys(groups).flatMap((group) => tests
    .filter((t) => t[1] === group)
    .map(([name, , fn]) => [`${name} (${group})`, group, fn]));
  return withSite(async (url) => {
    let browser = null, current = null, page = null;
    try {
      return await runTests(label, ordered, async ([, group, fn]) => {
        if (group !== current) {
          await browser?.close();
          browser = page = null;
          browser = await launch(groups[group]);
          current = group;
        }
        if (page && !page.isClosed()) {
          const { width = 1280, height = 800 } = groups[group];
          await page.setViewportSize({ width, height });  // a test may have resized it
          await reopen(page, url, waitForApp(group));
        } else {
          page = await open(browser.context, url, waitForApp(group));
        }
        await fn(page);
        check(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
      });
    } finally {
      await browser?.close();
    }
  });
}

// Sets the script's exit code from `main` (a function resolving to one); a failed set-up (no
// site, no browser) prints "<label>: setup failed: ..." and exits with 1.
export async function exitWith(label, main) {
  process.exitCode = await main().catch((e) => {
    console.log(`${label}: setup failed: ${e?.message ?? e}`);
    return 1;
  });
}
