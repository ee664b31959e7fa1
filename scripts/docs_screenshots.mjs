// The README's pictures, taken again from the built page (so that they show today's page):
//
//   node scripts/docs_screenshots.mjs [site dir]     (default: build/wasm/site)
//
// Writes docs/screenshot.png, docs/lesson.png, docs/teaching-recursion.png and
// docs/teaching-estimate-8x8.png at 1280x800 in Debian's Chromium.
import { join } from 'node:path';

import { frames, launch, open, reveal, ROOT, SITE } from '../tests/browser/page.mjs';
import { serve } from '../tests/browser/server.mjs';

const DOCS = join(ROOT, 'docs');
const server = await serve(SITE);
const shots = [
  // The first visit: the lesson's second slide, TryMove a few lines in.
  ['lesson.png', true, '', async (page) => {
    await page.waitForFunction(() => globalThis.Module?.lesson?.state().open);
    await page.click('#kt-lesson-next');
    await page.waitForFunction(() => Module.lesson.state().slide === 2);
    await page.evaluate(() => { for (let i = 0; i < 9; i++) Module.app().step(); });
  }],
  // 5x5 from (1,1) run to its tour at the page's own pace, sped up.
  ['screenshot.png', false, '?size=5&method=textbook&views=code', async (page) => {
    await page.evaluate(() => { Module.app().setStepsPerSecond(1, true); Module.app().run(); });
    await page.waitForFunction(() => Module.app().state() === 'finished');
  }],
  ['teaching-recursion.png', false,
    '?size=5&method=textbook&views=stack,code&granularity=dead-end', async (page) => {
      await page.evaluate(() => { Module.app().step(); Module.app().step(); });
    }],
  ['teaching-estimate-8x8.png', false,
    '?size=8&method=textbook&views=tree,estimate&speed=1000000000&run=1', async (page) => {
      await new Promise((r) => setTimeout(r, 4000));
      await page.evaluate(() => Module.app().pause());
      await reveal(page, 'Tab:Tree');  // the panel scrolled to the tree and the estimate
    }],
];
try {
  for (const [file, firstVisit, query, act] of shots) {
    const browser = await launch({ width: 1280, height: 800, firstVisit });
    try {
      const page = await open(browser.context, `${server.url}index.html${query}`);
      await act(page);
      await frames(page, 8);
      await page.screenshot({ path: join(DOCS, file) });
      console.log(`docs/${file}`);
    } finally {
      await browser.close();
    }
  }
} finally {
  server.close();
}
