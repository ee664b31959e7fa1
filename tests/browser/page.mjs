// Driving the explorer page in Chromium: launch, wait for frames, click widgets and squares
// located through Module.app()'s rects (the clicks themselves are real mouse events).
import { chromium } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Debian's Chromium, headless; the networking flags stop it calling home on a closed network.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launch({ width = 1280, height = 800, deviceScaleFactor = 1, hasTouch = false,
                              args = [] } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'kt-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...ARGS, ...args],
    viewport: { width, height },
    deviceScaleFactor,
    hasTouch,
  });
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

export async function clickWidget(page, label) {
  await clickRect(page, await page.evaluate((l) => Module.app().widgetRect(l), label), label);
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
