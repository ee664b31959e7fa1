// The three browser engines behind one small interface, for the checks every engine must pass
// (engines.test.mjs): Chromium through playwright-core (as in the other browser tests), Firefox
// ESR over WebDriver BiDi through puppeteer-core, and WebKitGTK's MiniBrowser through
// WebKitWebDriver and selenium-webdriver. All three are Debian's packages (scripts/setup.sh).
//
//   const browser = await ENGINES.firefox.launch({ width, height });
//   const page = await browser.open(url);
//   await page.evaluate((arg) => ..., arg);   // runs in the page; resolves to its JSON result
//   await page.click(x, y);                   // a real mouse click at CSS pixels of the viewport
//   await page.screenshot(path);              // the viewport as a PNG file (and its Buffer)
//   await browser.close();
//
// `evaluate`'s function is sent as source text: it may use the page's globals and its one
// argument, not the test's variables. Firefox and WebKit need a display (under xvfb-run here:
// headless Firefox has no WebGL on this machine).
import { spawn } from 'node:child_process';
import { access, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';

import { launch as launchChromium } from './page.mjs';

const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER ??
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// Refuses at once, naming the package, when a browser is not installed.
async function need(path, pkg) {
  await access(path).catch(() => {
    throw new Error(`no ${path}: install Debian's ${pkg} (scripts/setup.sh does)`);
  });
}

// Waits until `fn(arg)` (run in the page) is truthy; resolves to its value.
export async function waitFor(page, fn, arg, { timeout = 30000, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const chromium = {
  display: false,
  async launch({ width, height }) {
    const { context, close } = await launchChromium({ width, height });
    return {
      version: context.browser()?.version() ?? 'chromium',
      async open(url) {
        const page = await context.newPage();
        await page.goto(url);
        return {
          evaluate: (fn, arg) => page.evaluate(fn, arg),
          click: (x, y) => page.mouse.click(x, y),
          // A key down and up, held a little (ImGui reads keys once a frame).
          press: (key) => page.keyboard.press(key, { delay: 50 }),
          screenshot: (path) => page.screenshot({ path }),
          close: () => page.close(),
        };
      },
      close,
    };
  },
};

const firefox = {
  display: true,
  async launch({ width, height }) {
    await need(FIREFOX, 'firefox-esr');
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: false,
      defaultViewport: { width, height },
    });
    return {
      version: await browser.version(),
      async open(url) {
        const page = await browser.newPage();
        await page.goto(url);
        return {
          evaluate: (fn, arg) => page.evaluate(fn, arg),
          click: (x, y) => page.mouse.click(x, y),
          // A key down and up, held a little (ImGui reads keys once a frame).
          press: (key) => page.keyboard.press(key, { delay: 50 }),
          screenshot: (path) => page.screenshot({ path }),
          close: () => page.close(),
        };
      },
      close: () => browser.close(),
    };
  },
};

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// WebKitWebDriver on a free port, once it answers /status.
async function startWebKitDriver() {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  driver.stderr.on('data', (d) => { stderr += d; });
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 15000;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${stderr.trim()}`);
    const ready = await fetch(`${url}/status`).then((r) => r.ok, () => false);
    if (ready) return { url, stop: () => driver.kill() };
    if (Date.now() > end) {
      driver.kill();
      throw new Error('WebKitWebDriver did not answer within 15 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const webkit = {
  display: true,
  async launch({ width, height }) {
    await need(WEBKIT_DRIVER, 'webkit2gtk-driver');
    await need(MINIBROWSER, 'libwebkit2gtk-4.1-0');
    const { Builder } = await import('selenium-webdriver');
    const service = await startWebKitDriver();
    let driver;
    try {
      driver = await new Builder().usingServer(service.url).withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      }).build();
    } catch (e) {
      service.stop();
      throw e;
    }
    const evaluate = (fn, arg) =>
      driver.executeScript(`return (${fn.toString()})(arguments[0]);`, arg ?? null);
    // The window's frame and toolbars take part of its size: grow it until the viewport is
    // width x height.
    const sizeViewport = async () => {
      const rect = await driver.manage().window().getRect();
      const [w, h] = await evaluate(() => [innerWidth, innerHeight]);
      await driver.manage().window().setRect({ width: rect.width + width - w,
                                               height: rect.height + height - h });
    };
    return {
      version: (await driver.getCapabilities()).get('browserVersion') ?? 'webkit',
      async open(url) {
        await driver.get(url);
        await sizeViewport();
        return {
          evaluate,
          async click(x, y) {
            await driver.actions().move({ origin: 'viewport', x: Math.round(x), y: Math.round(y) })
              .press().release().perform();
          },
          async press(key) {
            const { Key } = await import('selenium-webdriver');
            const code = { ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT,
                           ArrowUp: Key.ARROW_UP, ArrowDown: Key.ARROW_DOWN, Enter: Key.ENTER,
                           Tab: Key.TAB, Home: Key.HOME, End: Key.END }[key] ?? key;
            await driver.actions().keyDown(code).pause(50).keyUp(code).perform();
          },
          async screenshot(path) {
            const png = Buffer.from(await driver.takeScreenshot(), 'base64');
            await writeFile(path, png);
            return png;
          },
          close: async () => {},
        };
      },
      async close() {
        try {
          await driver.quit();
        } finally {
          service.stop();
        }
      },
    };
  },
};

export const ENGINES = { chromium, firefox, webkit };
