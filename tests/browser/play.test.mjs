// Links that keep the exact position, course embeds that keep the teaching views, and the two
// exercises (predict the next move, play the tour by hand), in Chromium:
// - a link carries the recursion's line and granularity and the tour shown; opening it (or
//   "Open in the full explorer") shows the same line, stack and board;
// - 640x480 and 800x600 iframes with views=code,stack show the board, the code and the stack
//   inside the frame; embed=0 keeps the full explorer; the wheel scrolls the course page until
//   the board has the focus, and Ctrl+wheel zooms;
// - predict and play through the JS API and by real clicks on the board's squares;
// - the exports of the recursion's board as it stands.
// Screenshots (1280x800, a 640x480 iframe, 390x844) go to test-artifacts/.
//
//   node tests/browser/play.test.mjs [site dir]     (default: build/wasm/site)
//   KT_ONLY=predict runs only the tests whose name contains `predict`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { app, ARTIFACTS, check, checkEqual, exitWith, frames, launch, open, runTests,
  withSite } from './page.mjs';

async function openLink(context, url) {
  const page = await open(context, url);
  await page.waitForFunction(() => Module.coursePage?.settings && !Module.coursePage.restoring,
                             null, { timeout: 30000 });
  await frames(page, 3);
  return page;
}

// What the recursion shows: its line, granularity, stack and board.
const position = (page) => app(page, () => {
  const r = Module.app().recursion();
  return { lines: r.lines, granularity: r.granularity, stack: r.stack, board: r.board,
           line: r.line };
});

async function addressBar(page, want) {
  await page.waitForFunction((w) => w.test(location.search), want, { timeout: 5000 })
    .catch(() => {});
  return page.evaluate(() => location.search);
}

async function clickSquare(page, x, y) {
  const r = await app(page, ([x, y]) => Module.app().squareRect(x, y), [x, y]);
  check(r, `no rect for square (${x},${y})`);
  await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
  await frames(page, 3);
}

async function clickRect(page, label) {
  const r = await app(page, (l) => Module.app().widgetRect(l), label);
  check(r, `no rect for ${label}`);
  await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
  await frames(page, 3);
}

// A course page around one iframe, on the test server (same origin), tall enough to scroll.
function coursePage(src, w, h) {
  return `<!doctype html><html><body style="margin:0;height:3000px">
    <p style="height:200px">Course text above the view.</p>
    <iframe id="view" src="${src}" width="${w}" height="${h}" style="border:0"></iframe>
    <p>Course text below.</p></body></html>`;
}

async function openFrame(context, base, query, w, h) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`${base}course.html`);  // then its own content: the same origin
  await page.setContent(coursePage(`${base}index.html${query}`, w, h));
  const handle = await page.$('#view');
  const frame = await handle.contentFrame();
  await frame.waitForFunction(() => globalThis.Module?.coursePage?.settings &&
                                    !Module.coursePage.restoring && Module.app().frames() > 3,
                              null, { timeout: 30000 });
  await page.waitForTimeout(300);
  return { page, handle, frame };
}

const tests = [
  ['links keep the recursion\'s line, granularity, stack and board', async (ctx, base) => {
    const page = await openLink(ctx, `${base}index.html?size=5&method=textbook&views=code,stack`);
    await app(page, () => {
      const a = Module.app();
      a.setGranularity('line');
      a.forward(120);
      a.setGranularity('move');
    });
    const search = await addressBar(page, /step=120/);
    check(/step=120/.test(search) && /granularity=move/.test(search),
          `address bar: ${search}`);
    const before = await position(page);
    checkEqual(before.lines, 120, 'lines run');
    // Copy link gives the same address.
    await page.click('#kt-copy-link');
    const copied = await page.evaluate(() => document.getElementById('kt-copy-out').value);
    check(copied.endsWith(search), `copied link ${copied} keeps ${search}`);
    const again = await openLink(ctx, copied);
    checkEqual(await position(again), before, 'the link reopens at the same position');
    checkEqual(await app(again, () => location.search), search, 'and keeps its address');
    // A long way in: restored a slice a frame, the page stays responsive.
    await app(page, () => Module.app().forward(3));  // 3 moves more, at move granularity
    const far = await addressBar(page, /step=1[3-9]\d/);
    const deep = await openLink(ctx, `${base}index.html${far}`);
    checkEqual(await position(deep), await position(page), 'a later line is restored too');
    await again.close();
    await deep.close();
    await page.close();
  }],

  ['links keep the tour shown', async (ctx, base) => {
    const page = await openLink(ctx, `${base}index.html?size=5&method=textbook&speed=1000000000`);
    await app(page, () => Module.app().run());
    await page.waitForFunction(() => Module.app().tour().index === 1, null, { timeout: 30000 });
    for (const want of [2, 3]) {
      await page.waitForFunction(() => Module.app().nextTour(), null, { timeout: 10000 });
      await page.waitForFunction((w) => Module.app().tour().index === w, want,
                                 { timeout: 30000 });
    }
    const search = await addressBar(page, /tour=3/);
    check(/tour=3/.test(search), `address bar: ${search}`);
    const board = await app(page, () => Module.app().tour().board);
    const again = await openLink(ctx, `${base}index.html${search}`);
    await again.waitForFunction(() => Module.app().tour().index === 3, null, { timeout: 30000 });
    checkEqual(await app(again, () => Module.app().tour().board), board, 'tour 3 reopened');
    await again.close();
    await page.close();
  }],

  ['embeds at 640x480 and 800x600 show the board, the code and the stack', async (ctx, base) => {
    for (const [w, h] of [[640, 480], [800, 600]]) {
      const { page, handle, frame } = await openFrame(
        ctx, base, '?size=5&method=textbook&views=code,stack&embed=1&step=60', w, h);
      const r = await frame.evaluate(() => {
        const a = Module.app();
        const bar = document.getElementById('kt-embed-bar').getBoundingClientRect();
        return { code: a.widgetRect('Code'), stack: a.widgetRect('Stack'),
                 banner: a.widgetRect('Banner'), corner: a.squareRect(5, 1),
                 other: a.squareRect(1, 5), lines: a.recursion().lines, w: innerWidth,
                 h: innerHeight - bar.height, embed: document.documentElement.classList
                   .contains('embed') };
      });
      checkEqual([r.embed, r.lines], [true, 60], `${w}x${h}: embedded at line 60`);
      for (const [name, rect] of Object.entries({ code: r.code, stack: r.stack, banner: r.banner,
                                                   'square (5,1)': r.corner,
                                                   'square (1,5)': r.other })) {
        check(rect, `${w}x${h}: no ${name}`);
        check(rect.x >= 0 && rect.y >= 0 && rect.x + rect.w <= r.w + 0.5 &&
              rect.y + rect.h <= r.h + 0.5 && rect.w > 20 && rect.h > 20,
              `${w}x${h}: ${name} ${JSON.stringify(rect)} not inside ${r.w}x${r.h}`);
      }
      check(r.code.h >= 120, `${w}x${h}: code box only ${r.code.h} px tall`);
      if (w === 640) {
        // "Open in the full explorer" keeps the position, without embed.
        const href = await frame.evaluate(() => {
          const link = document.getElementById('kt-open-full');
          link.addEventListener('click', (e) => e.preventDefault(), { once: true });
          link.click();
          return link.href;
        });
        check(/step=60/.test(href) && !/embed=1/.test(href), `full explorer link ${href}`);
        const full = await openLink(ctx, href);
        checkEqual(await position(full), await position(frame), 'the full explorer, same position');
        await full.close();
      }
      await handle.screenshot({ path: join(ARTIFACTS, `play-embed-${w}x${h}.png`) });
      checkEqual(page.errors, [], 'page errors');
      await page.close();
    }
  }],

  ['embed=0 keeps the full explorer in a small frame', async (ctx, base) => {
    const { page, frame } = await openFrame(ctx, base, '?size=5&method=textbook&embed=0', 640,
                                            480);
    const r = await frame.evaluate(() => ({
      embed: document.documentElement.classList.contains('embed'),
      panel: Module.app().widgetRect('Panel'), search: location.search }));
    checkEqual(r.embed, false, 'not embedded');
    check(r.panel, 'the panel is drawn');
    check(/embed=0/.test(r.search), `address bar keeps embed=0: ${r.search}`);
    await page.close();
  }],

  ['the wheel scrolls the course page until the board has the focus', async (ctx, base) => {
    const { page, handle, frame } = await openFrame(
      ctx, base, '?size=8&method=textbook&views=code,stack&embed=1', 640, 480);
    const box = await handle.boundingBox();
    const board = await frame.evaluate(() => Module.app().squareRect(4, 4));
    const at = { x: box.x + board.x + board.w / 2, y: box.y + board.y + board.h / 2 };
    const scale = () => frame.evaluate(() => Module.app().zoom().scale);
    const s0 = await scale();
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(400);
    const scrolled = await page.evaluate(() => scrollY);
    check(scrolled > 0, `the course page did not scroll (scrollY ${scrolled})`);
    checkEqual(await scale(), s0, 'the board did not zoom');
    // Ctrl+wheel zooms the board.
    const box2 = await handle.boundingBox();
    const at2 = { x: box2.x + board.x + board.w / 2, y: box2.y + board.y + board.h / 2 };
    await page.mouse.move(at2.x, at2.y);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await page.waitForTimeout(300);
    const s1 = await scale();
    check(s1 > s0, `Ctrl+wheel did not zoom (${s0} -> ${s1})`);
    // With the focus (a click on the board) the wheel zooms and the page stays.
    await page.mouse.click(at2.x, at2.y);
    const y0 = await page.evaluate(() => scrollY);
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(300);
    check(await scale() < s1, 'the focused board did not zoom out');
    checkEqual(await page.evaluate(() => scrollY), y0, 'the page kept its place');
    await page.close();
  }],

  ['predict: the API and real clicks, with the reason and the score', async (ctx, base) => {
    const page = await openLink(ctx, `${base}index.html?size=5&method=textbook&mode=predict`);
    checkEqual(await app(page, () => Module.app().mode()), 'predict', 'mode from the link');
    const first = await app(page, () => Module.app().predict(3, 2));
    checkEqual([first.right, first.answer, first.move], [false, [2, 3], 2], 'first prediction');
    check(/1 to \(2,3\) is free, so move 2 goes there/.test(first.why), first.why);
    // Sutcliffe's order from (2,3): candidate 1, (3,5), is free: a real click there is right.
    await clickSquare(page, 3, 5);
    const score = await app(page, () => Module.app().predictScore());
    checkEqual(score, { right: 1, asked: 2 }, 'score after a right click');
    checkEqual(await app(page, () => Module.app().recursion().placed), 2, 'the run moved on');
    // A dead end on the way is explained.
    let why = '';
    for (let i = 0; i < 300 && !/taken back/.test(why); i++) {
      why = (await app(page, () => Module.app().predict(1, 1)))?.why ?? '';
    }
    check(/taken back/.test(why) && /(off the board|was visited)/.test(why), why);
    const search = await addressBar(page, /mode=predict/);
    check(/mode=predict/.test(search), `address bar keeps the mode: ${search}`);
    await page.screenshot({ path: join(ARTIFACTS, 'play-predict-1280x800.png') });
    await page.close();
  }],

  ['play by hand: the API and real clicks, dead ends, verified, watch from this start',
    async (ctx, base) => {
      const page = await openLink(ctx, `${base}index.html?size=5&method=textbook&mode=play`);
      let p = await app(page, () => Module.app().play());
      checkEqual([p.path, p.legal.length], [[[1, 1]], 2], 'the knight on the start');
      checkEqual(await app(page, () => Module.app().clickSquare(2, 2)), 'refused',
                 'a square that is not a jump');
      await clickSquare(page, 2, 3);  // a real click
      p = await app(page, () => Module.app().play());
      checkEqual(p.path, [[1, 1], [2, 3]], 'a real click played move 2');
      const hint = await app(page, () => Module.app().hint());
      check(p.legal.some(([x, y]) => x === hint[0] && y === hint[1]), `hint ${hint} is legal`);
      await page.screenshot({ path: join(ARTIFACTS, 'play-hand-1280x800.png') });
      // Search for a position the exact check calls hopeless, move by move through the API.
      const dead = await app(page, () => {
        const a = Module.app();
        const seek = (depth) => {
          const s = a.play();
          if (s.finishable === 'no') return s;
          if (depth === 0) return null;
          for (const [x, y] of s.legal) {
            a.clickSquare(x, y);
            const found = seek(depth - 1);
            if (found) return found;
            a.undo();
          }
          return null;
        };
        return seek(6);
      });
      check(dead && dead.dead && !dead.done, `no hopeless position found: ${JSON.stringify(dead)}`);
      await frames(page, 3);
      const title = await page.evaluate(() => Module.app().widgetRect('BannerTitle'));
      check(title, 'banner drawn');
      await page.screenshot({ path: join(ARTIFACTS, 'play-dead-1280x800.png') });
      // The textbook's tour by hand: verified.
      await app(page, () => {
        const a = Module.app();
        while (a.undo()) { /* back to an empty board */ }
      });
      const seed = await app(page, () => {
        // Seed 000's tour from (1,1): the move numbers, top row first.
        const rows = [[25, 18, 3, 12, 23], [8, 13, 24, 17, 4], [19, 2, 7, 22, 11],
          [14, 9, 20, 5, 16], [1, 6, 15, 10, 21]];
        const order = [];
        rows.forEach((row, i) => row.forEach((n, x) => { order[n - 1] = [x + 1, 5 - i]; }));
        const a = Module.app();
        const answers = order.map(([x, y]) => a.clickSquare(x, y));
        return { answers, play: a.play() };
      });
      check(seed.answers.every((r) => r === 'played'), `every move played: ${seed.answers}`);
      checkEqual([seed.play.done, seed.play.verified, seed.play.dead], [true, true, false],
                 'the finished tour is verified');
      await frames(page, 3);
      await page.screenshot({ path: join(ARTIFACTS, 'play-verified-1280x800.png') });
      // Exports: the board by hand.
      const json = JSON.parse(await app(page, () => Module.exportBoard('json', 'light')));
      checkEqual([json.shows, json.status, json.verified], ['play', 'found', true], 'JSON export');
      // Watch the search from this start: the button under the banner.
      await app(page, () => {
        const a = Module.app();
        while (a.undo()) { /* empty */ }
        a.clickSquare(3, 3);
      });
      await frames(page, 3);
      await clickRect(page, 'PlayWatch');
      const after = await app(page, () => [Module.app().mode(), Module.app().config().start]);
      checkEqual(after, ['watch', '3,3'], 'watching from the start played');
      await page.close();
    }],

  ['exports of the recursion\'s board as it stands', async (ctx, base) => {
    const page = await openLink(ctx, `${base}index.html?size=5&method=textbook`);
    await app(page, () => { const a = Module.app(); a.setGranularity('move'); a.forward(9); });
    await frames(page, 3);
    const r = await app(page, () => {
      const a = Module.app();
      const board = a.recursion().board;
      return { board, shows: Module.shownBoard(), json: JSON.parse(Module.exportBoard('json', 'dark')),
               text: Module.exportBoard('text', 'dark'), lines: a.recursion().lines };
    });
    checkEqual(r.shows, 'recursion', 'the board shows the recursion');
    checkEqual(r.json.board, r.board, 'JSON board is the recursion\'s');
    checkEqual(r.json.line, r.lines, 'JSON line');
    const visited = r.board.flat().filter((v) => v > 0).length;
    check(visited > 1, `only ${visited} squares visited`);
    checkEqual(r.text.match(/\d+/g).filter((n) => n !== '0').length, visited,
               'text: one move number per visited square');
    const [d] = await Promise.all([page.waitForEvent('download'), page.click('#kt-export-json')]);
    checkEqual(JSON.parse((await readFile(await d.path())).toString()).board, r.board,
               'the JSON download is the recursion\'s board');
    const [s] = await Promise.all([page.waitForEvent('download'), page.click('#kt-export-svg')]);
    const numbers = (await readFile(await s.path())).toString().match(/<text[^>]*>\d+<\/text>/g);
    check(numbers && numbers.length >= visited, `SVG numbers: ${numbers?.length}`);
    await page.close();
  }],
];

// A phone: play by hand, with real taps.
async function phone(base) {
  const b = await launch({ width: 390, height: 844, deviceScaleFactor: 2, hasTouch: false });
  try {
    const page = await openLink(b.context, `${base}index.html?size=6&mode=play`);
    await clickSquare(page, 2, 3);
    await clickSquare(page, 3, 5);
    const p = await app(page, () => Module.app().play());
    checkEqual(p.path.length, 3, 'two taps played');
    await page.screenshot({ path: join(ARTIFACTS, 'play-hand-390x844.png') });
    checkEqual(page.errors, [], 'page errors');
  } finally {
    await b.close();
  }
}

await exitWith('browser play', () => withSite(async (url) => {
  const base = url.endsWith('/') ? url : `${url}/`;
  const browser = await launch({ width: 1280, height: 800 });
  try {
    const all = [...tests, ['a phone plays by hand (390x844)', () => phone(base)]];
    return await runTests('browser play', all, async ([, fn]) => {
      await fn(browser.context, base);
    });
  } finally {
    await browser.close();
  }
}));
