// The course page features in Chromium, with the site served under a sub-path (as on
// GitHub Pages): every URL parameter round-trips, bad links load with a message, the example
// course page's two iframes (640x480 and 360x640) load with their links' settings, keyboard
// shortcuts, and the PNG / SVG / text / JSON downloads. Screenshots go to test-artifacts/.
//
//   node tests/browser/course.test.mjs [site dir]     (default: build/wasm/site)
//   KT_ONLY=text runs only the tests whose name contains `text`.
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { app, ARTIFACTS, check, checkEqual, exitWith, frames, inspect, launch, open, reopen,
  runTests, SITE } from './page.mjs';
import { serve } from './server.mjs';

const SUBPATH = 'courses/knights/';  // the site is served from here, not from /

// Opens index.html with `query`, waits for the course glue to have applied it.
async function openLink(context, base, query) {
  const page = await open(context, `${base}index.html${query}`);
  await page.waitForFunction(() => Module.coursePage && Module.coursePage.settings, null,
                             { timeout: 10000 });
  return page;
}
// Loads `query` afresh in a page opened by openLink.
async function reloadLink(page, base, query) {
  await reopen(page, `${base}index.html${query}`);
  await page.waitForFunction(() => Module.coursePage && Module.coursePage.settings, null,
                             { timeout: 10000 });
}
// Runs fn(page, item) on each item, each in its own page load, in `tabs` tabs at once.
async function eachLink(context, base, items, tabs, fn) {
  await Promise.all([...Array(tabs).keys()].map(async (t) => {
    let page = null;
    for (let i = t; i < items.length; i += tabs) {
      if (page) await reloadLink(page, base, items[i][1]);
      else page = await openLink(context, base, items[i][1]);
      await fn(page, items[i]);
    }
    await page?.close();
  }));
}
// What the page shows of a link: the app's problem and speed, the glue's settings, messages.
const readBack = (page) => app(page, () => {
  const a = Module.app(), p = Module.coursePage;
  return {
    config: a.config(), speed: a.speed(), state: a.state(), status: a.status(),
    views: a.views(), order: a.recursion().order ?? '',
    placed: a.placed(), settings: p.settings, messages: p.messages,
    shown: document.getElementById('kt-messages').hidden ? '' :
      document.getElementById('kt-messages').textContent,
    embed: document.documentElement.classList.contains('embed'),
    theme: document.documentElement.dataset.theme, search: location.search,
  };
});
// Waits for the address bar to follow (the glue syncs twice a second).
async function addressBar(page, want) {
  await page.waitForFunction((w) => w.test(location.search), want, { timeout: 5000 })
    .catch(() => {});
  return page.evaluate(() => location.search);
}

// [query, what the page must show, the key=value the address bar must keep]
const ROUND_TRIPS = [
  ['?rows=6&cols=7', (r) => [r.config.rows, r.config.cols], [6, 7], /rows=6&cols=7/],
  ['?size=6', (r) => [r.config.rows, r.config.cols], [6, 6], /(size=6|rows=6&cols=6)/],
  ['?size=6&start=3,4', (r) => r.config.start, '3,4', /start=3,4/],
  ['?size=5&start=1,1&end=5,5', (r) => r.config.end, '5,5', /end=5,5/],
  ['?size=6&blocked=2,2;6,6', (r) => r.config.blocked, '2,2;6,6', /blocked=2,2;6,6/],
  ['?size=6&closed=1', (r) => r.config.closed, true, /closed=1/],
  ['?method=warnsdorff', (r) => r.config.method, 'warnsdorff', /method=warnsdorff/],
  ['?method=textbook&order=wirth', (r) => r.settings.order, 'wirth', /order=wirth/],
  ['?speed=600', (r) => [r.speed.stepsPerFrame, r.settings.speed], [10, 600], /speed=600/],
  ['?speed=0.5', (r) => [r.speed.stepsPerSecond, r.settings.speed], [0.5, 0.5], /speed=0.5/],
  ['?method=textbook&run=1', (r) => r.state !== 'idle', true, /run=1/],
  // Moves of the textbook's run: the recursion's, so the address bar names its line (step=).
  ['?method=textbook&steps=7', (r) => [r.state, r.placed], ['paused', 7], /step=66/],
  ['?method=warnsdorff&steps=7', (r) => [r.state, r.placed], ['paused', 7], /steps=7/],
  ['?embed=1', (r) => r.embed, true, /embed=1/],
  ['?theme=light', (r) => r.theme, 'light', /theme=light/],
  ['?views=stack,code', (r) => [r.settings.views, r.views], [['stack', 'code'], ['stack', 'code']],
    /views=stack,code/],
  ['?views=tree,estimate', (r) => [r.settings.views, r.views],
    [['tree', 'estimate'], ['tree', 'estimate']], /views=tree,estimate/],
  ['?method=textbook&order=handout', (r) => [r.config.order, r.order], ['handout', 'handout'],
    /order=handout/],
];

// Links no one should send, each of which must still open a working page with a message.
const LONG = 'x'.repeat(10000);
const BAD_LINKS = [
  ['rows not a number', '?rows=abc', /rows/],
  ['cols negative', '?cols=-3', /cols/],
  ['start off the board', '?size=5&start=9,9', /start/],
  ['end off the board', '?size=5&end=0,0', /end/],
  ['blocked off the board', '?size=5&blocked=7,7', /blocked/],
  ['huge size', '?size=100000', /size/],
  ['huge rows and cols', '?rows=99999999999999999999&cols=5', /rows/],
  ['unknown parameter', '?colour=red', /colour/],
  ['unknown method', '?method=magic', /method/],
  ['unknown order', '?order=sideways', /order/],
  ['bad speed', '?speed=fast', /speed/],
  ['bad theme', '?theme=neon', /theme/],
  ['unknown view', '?views=stack,bogus', /bogus/],
  ['script in a value', '?start=%3Cscript%3Ealert(1)%3C/script%3E', /start/],
  ['script in a key', '?%3Cimg%20src=x%20onerror=alert(1)%3E=1', /img/],
  ['10,000-character value', `?start=${LONG}`, /start/],
  ['10,000-character key', `?${LONG}=1`, /x/],
  ['bad escape', '?rows=%ZZ', /rows/],
];

// A DOM button of the page (not ImGui's): clicks it when it is shown.
async function clickWidgetIn(page, selector, mustShow = true) {
  if (await page.isVisible(selector)) await page.click(selector);
  else if (mustShow) throw new Error(`${selector} not shown`);
  else await page.evaluate((s) => document.querySelector(s).click(), selector);
  await frames(page, 2);
}

const tests = [
  ['theme=light reaches ImGui: light panel and surround, same banner', async (ctx, base) => {
    const seen = {};
    for (const theme of ['dark', 'light']) {
      const page = await openLink(ctx, base, `?theme=${theme}`);
      await frames(page, 3);
      const [banner, panel] = await app(page, () =>
        [Module.app().widgetRect('Banner'), Module.app().widgetRect('Panel')]);
      const png = await page.screenshot({ path: join(ARTIFACTS, `course-theme-${theme}.png`) });
      // Beside the banner (the board's surround), the panel's bottom corner, the banner itself.
      const points = [[banner.x - 8, banner.y + 4], [panel.x + 4, panel.y + panel.h - 4],
        [banner.x + banner.w - 6, banner.y + banner.h / 2]];
      seen[theme] = (await inspect(page, png, points)).samples;
      checkEqual(page.errors, [], `${theme}: page errors`);
      await page.close();
    }
    const grey = (rgb) => (rgb[0] + rgb[1] + rgb[2]) / 3;
    const [surround, panel, banner] = [0, 1, 2].map((i) => [seen.dark[i], seen.light[i]]);
    check(grey(surround[0]) < 80 && grey(surround[1]) > 180,
          `surround: ${JSON.stringify(surround)}`);
    check(grey(panel[0]) < 80 && grey(panel[1]) > 180, `panel: ${JSON.stringify(panel)}`);
    checkEqual(banner[1], banner[0], 'the banner in both themes');
  }],
  ['every parameter round-trips', async (ctx, base) => {
    const links = ROUND_TRIPS.map((t) => [t, t[0]]);
    await eachLink(ctx, base, links, 2, async (page, [[query, read, want, kept]]) => {
      const r = await readBack(page);
      checkEqual(r.messages, [], `${query}: messages`);
      checkEqual(read(r), want, `${query}: read back`);
      const bar = await addressBar(page, kept);
      check(kept.test(bar), `${query}: address bar ${bar} lacks ${kept}`);
      // The link the page writes opens the same settings (read at one moment: a running
      // recursion's line moves on in the bar).
      const [now, again] = await app(page, () =>
        [location.search, Module.pageQuery(Module.parsePageQuery(location.search))]);
      checkEqual(again, now, `${query}: canonical link`);
      checkEqual(page.errors, [], `${query}: page errors`);
    });
  }],

  ['the address bar follows changes', async (ctx, base) => {
    const page = await openLink(ctx, base, '?size=5');
    await app(page, () => Module.app().configureProblem({ rows: 6, cols: 8, start: '2,3' }));
    const bar = await addressBar(page, /start=2,3/);
    check(/rows=6&cols=8/.test(bar) && /start=2,3/.test(bar), `address bar ${bar}`);
    await app(page, () => Module.app().setSpeed(30, false));
    const sped = await addressBar(page, /speed=1800/);
    check(/speed=1800/.test(sped), `speed in address bar: ${sped}`);
    // Opening what the bar says gives the same problem.
    const copy = await openLink(ctx, base, sped);
    const r = await readBack(copy);
    checkEqual([r.config.rows, r.config.cols, r.config.start, r.speed.stepsPerFrame],
               [6, 8, '2,3', 30], 'reopened link');
    checkEqual([page.errors, copy.errors], [[], []], 'page errors');
    await copy.close();
    await page.close();
  }],

  ['bad links load with a message', async (ctx, base) => {
    await eachLink(ctx, base, BAD_LINKS, 2, async (page, [what, , named]) => {
      const r = await readBack(page);
      check(r.messages.length > 0, `${what}: no message`);
      check(named.test(r.shown), `${what}: message "${r.shown.slice(0, 200)}" lacks ${named}`);
      check(r.status !== 'invalid', `${what}: app status invalid`);
      checkEqual(page.errors, [], `${what}: page errors`);
      check(!(await page.evaluate(() => !!document.querySelector('#kt-messages script, img'))),
            `${what}: markup from the link was inserted`);
      // Still working: a step places a move.
      await app(page, () => Module.app().stepMoves(1));
      check(await app(page, () => Module.app().placed() >= 1), `${what}: step placed nothing`);
      if (what === 'script in a value') {
        await page.screenshot({ path: join(ARTIFACTS, 'course-bad-link.png') });
      }
    });
  }],

  ['keyboard shortcuts', async (ctx, base) => {
    const page = await openLink(ctx, base, '?size=5&method=textbook&speed=60');
    const key = async (k) => { await page.keyboard.press(k, { delay: 50 }); await frames(page, 2); };
    // Right and Left step TryMove's run, which is the run (textbook): forward and back exactly.
    const teach = () => app(page, () => {
      const r = Module.app().recursion();
      return [Module.app().state(), r.lines, r.line, JSON.stringify(r.board), r.placed];
    });
    await key('ArrowRight');
    await key('ArrowRight');
    await key('ArrowRight');
    const three = await teach();
    checkEqual(three.slice(0, 3), ['paused', 3, 'filled'], 'after Right x3');
    await key('ArrowRight');
    await key('ArrowLeft');
    checkEqual(await teach(), three, 'after Right then Left');
    await clickWidgetIn(page, '#kt-back', false);
    checkEqual((await teach())[1], 2, 'Back button');
    await key('Space');
    checkEqual(await app(page, () => Module.app().state()), 'running', 'after Space');
    await key('Space');
    checkEqual(await app(page, () => Module.app().state()), 'paused', 'after second Space');
    await key('+');
    checkEqual(await app(page, () => Module.coursePage.settings.speed), 120, 'speed after +');
    await key('-');
    await key('-');
    checkEqual(await app(page, () => Module.coursePage.settings.speed), 30, 'speed after - -');
    await key('r');
    checkEqual(await app(page, () => [Module.app().state(), Module.app().placed()]),
               ['idle', 0], 'after R');
    await key('Shift+Slash');  // ?
    check(await page.isVisible('#kt-help'), 'help not shown after ?');
    await page.screenshot({ path: join(ARTIFACTS, 'course-help.png') });
    await key('Escape');
    check(!(await page.isVisible('#kt-help')), 'help still shown after Escape');
    // Focus is visible on the page's buttons.
    await page.focus('#kt-copy-link');
    const outline = await page.evaluate(() =>
      getComputedStyle(document.getElementById('kt-copy-link')).outlineStyle);
    await page.keyboard.press('Tab');
    checkEqual(page.errors, [], 'page errors');
    check(outline === 'solid' || outline === 'auto', `focus outline ${outline}`);
    await page.close();
  }],

  ['downloads: PNG, SVG, text, JSON', async (ctx, base) => {
    const page = await openLink(ctx, base, '?size=5&start=1,1&method=textbook&steps=30');
    await page.waitForFunction(() => Module.coursePage.stepsLeft === 0);
    const grab = async (id) => {
      const [d] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
      return [d.suggestedFilename(), await readFile(await d.path())];
    };
    await page.fill('#kt-png-size', '512');
    const [pngName, png] = await grab('#kt-export-png');
    checkEqual(pngName, 'knights-tour.png', 'PNG name');
    checkEqual([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG',
               'PNG signature');
    checkEqual(png.readUInt32BE(16), 512, 'PNG width');
    check(png.readUInt32BE(20) > 100, `PNG height ${png.readUInt32BE(20)}`);
    const [, svg] = await grab('#kt-export-svg');
    const placed = await app(page, () => Module.app().board().flat().filter((v) => v > 0).length);
    check(placed > 0, 'nothing placed');
    const numbers = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      if (doc.querySelector('parsererror')) return -1;
      return [...doc.querySelectorAll('g.numbers text')].map((t) => t.textContent);
    }, svg.toString());
    check(numbers !== -1, 'SVG does not parse as XML');
    checkEqual(numbers.length, placed, 'SVG numbers, one per visited square');
    checkEqual(new Set(numbers).size, placed, 'SVG numbers distinct');
    const [, text] = await grab('#kt-export-text');
    checkEqual(text.toString(), await app(page, () => Module.app().text()), 'text download');
    const [, json] = await grab('#kt-export-json');
    checkEqual(JSON.parse(json.toString()).board, await app(page, () => Module.app().board()),
               'JSON board');
    checkEqual(page.errors, [], 'page errors');
    await page.close();
  }],

  ['found tour is a table and announced', async (ctx, base) => {
    const page = await openLink(ctx, base, '?size=5&method=textbook&run=1&speed=1000000000');
    await page.waitForFunction(() => Module.app().status() === 'found', null, { timeout: 30000 });
    await page.waitForFunction(() => document.querySelector('#kt-table table'), null,
                               { timeout: 5000 });
    const t = await page.evaluate(() => ({
      live: document.getElementById('kt-live').textContent,
      role: document.getElementById('kt-live').getAttribute('aria-live'),
      cells: [...document.querySelectorAll('#kt-table td')].map((td) => td.textContent),
    }));
    check(/Tour found/.test(t.live), `live region: ${t.live}`);
    checkEqual(t.role, 'polite', 'aria-live');
    checkEqual(t.cells.filter((c) => c !== '').length, 25, 'table cells with numbers');
    check(t.cells.includes('25') && t.cells.includes('1'), 'table numbers');
    await page.close();
  }],

  ['narrow windows: the Share button covers none of the banner, its title is not clipped',
    async (ctx, base) => {
    const page = await openLink(ctx, base, '?size=5&method=warnsdorff&speed=100000&run=1');
    await page.waitForFunction(() => Module.app().status() === 'found', null, { timeout: 30000 });
    const apart = (a, b) => a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y ||
                            b.y + b.h <= a.y;
    for (const [w, h] of [[390, 844], [360, 640], [640, 480]]) {
      await page.setViewportSize({ width: w, height: h });
      await frames(page, 4);
      const r = await app(page, () => {
        const s = document.getElementById('kt-more').getBoundingClientRect();
        return { share: { x: s.x, y: s.y, w: s.width, h: s.height },
                 banner: Module.app().widgetRect('Banner'),
                 title: Module.app().widgetRect('BannerTitle') };
      });
      const id = `${w}x${h}`;
      check(r.share.w > 0 && r.share.h > 0, `${id}: no Share button shown`);
      check(apart(r.share, r.banner), `${id}: Share ${JSON.stringify(r.share)} over the banner ` +
            JSON.stringify(r.banner));
      check(r.title.x + r.title.w <= r.banner.x + r.banner.w && r.title.y + r.title.h <=
            r.banner.y + r.banner.h, `${id}: title ${JSON.stringify(r.title)} clipped by the ` +
            `banner ${JSON.stringify(r.banner)}`);
      await page.screenshot({ path: join(ARTIFACTS, `course-narrow-${id}.png`) });
    }
    checkEqual(page.errors, [], 'page errors');
    await page.close();
  }],
  ['course page: two iframes at 640x480 and 360x640', async (ctx, base) => {
    const page = await ctx.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
    await page.setViewportSize({ width: 1000, height: 1400 });
    await page.goto(`${base}course.html`);
    for (const [id, w, h] of [['view-small', 640, 480], ['view-phone', 360, 640]]) {
      const handle = await page.$(`#${id}`);
      await handle.scrollIntoViewIfNeeded();
      const frame = await handle.contentFrame();
      await frame.waitForFunction(() => globalThis.Module?.coursePage?.settings &&
                                        Module.app().frames() > 3, null, { timeout: 20000 });
      await frame.waitForFunction(() => Module.coursePage.stepsLeft === 0);
      const src = await handle.getAttribute('src');
      const r = await frame.evaluate((src) => {
        const linked = Module.parsePageQuery(src.slice(src.indexOf('?')));
        const a = Module.app(), c = a.config();
        const bar = document.getElementById('kt-embed-bar').getBoundingClientRect();
        const clipped = [...document.querySelectorAll('#kt-embed-bar > *')].filter((e) => {
          const b = e.getBoundingClientRect();
          return b.left < 0 || b.top < 0 || b.right > innerWidth || b.bottom > innerHeight;
        }).map((e) => e.id || e.textContent);
        return {
          size: [innerWidth, innerHeight],
          want: [Number(linked.rows), Number(linked.cols), linked.start, linked.blocked,
                 linked.method, linked.speed],
          got: [c.rows, c.cols, c.start, c.blocked, c.method, Module.coursePage.settings.speed],
          embed: document.documentElement.classList.contains('embed'),
          barShown: bar.height > 0, clipped, messages: Module.coursePage.messages,
          search: Module.livePageQuery(Module.coursePage.settings),
          linkQuery: Module.pageQuery(linked),
        };
      }, src);
      checkEqual(r.size, [w, h], `${id}: frame size`);
      checkEqual(r.got, r.want, `${id}: settings read back`);
      checkEqual(r.search, r.linkQuery, `${id}: live link equals its link`);
      checkEqual([r.embed, r.barShown, r.clipped, r.messages], [true, true, [], []],
                 `${id}: embed bar`);
      await frames(frame, 10);  // a few more frames drawn (in the iframe)
      await handle.screenshot({ path: join(ARTIFACTS, `course-iframe-${w}x${h}.png`) });
    }
    checkEqual(page.errors, [], 'page errors');
    await page.close();
  }],
];

// The page's own lesson (web/lessons/backtracking.json), slide by slide: what each slide's link
// must open (rows, method, mode).
const LESSON = [[5, 'textbook', 'watch'], [5, 'textbook', 'watch'], [5, 'textbook', 'watch'],
  [5, 'textbook', 'predict'], [8, 'textbook', 'watch'], [8, 'warnsdorff', 'watch'],
  [8, 'auto', 'watch'], [5, 'textbook', 'watch']];
const lessonState = (page) => app(page, () => {
  const box = document.getElementById('kt-lesson');
  const a = Module.app(), c = a.config();
  return { ...Module.lesson.state(), shown: !box.hidden, rows: c.rows, method: c.method,
           mode: a.mode(), search: location.search, heading: document.getElementById(
             'kt-lesson-title').textContent, stripBottom: box.getBoundingClientRect().bottom,
           canvasTop: Module.canvas.getBoundingClientRect().top };
});
const waitSlide = (page, n) => page.waitForFunction((k) => globalThis.Module?.lesson?.state()
  .slide === k && !document.getElementById('kt-lesson').hidden, n, { timeout: 15000 });

async function walkLesson(size, [width, height], hasTouch) {
  const browser = await launch({ width, height, hasTouch, firstVisit: true });
  try {
    const page = await open(browser.context, `${lessonBase}index.html`);
    await waitSlide(page, 1);  // a first visit opens the lesson by itself
    for (let i = 1; i <= LESSON.length; i++) {
      if (i > 1) {
        // By mouse on the desktop, by a finger on the phone, by the keyboard for the last ones.
        if (i >= 7) {
          await page.focus('#kt-lesson-next');
          await page.keyboard.press('Enter');
        } else if (hasTouch) {
          await page.tap('#kt-lesson-next');
        } else {
          await page.click('#kt-lesson-next');
        }
        await waitSlide(page, i);
      }
      await frames(page, 4);
      const r = await lessonState(page);
      checkEqual([r.slide, r.slides, r.rows, r.method, r.mode],
                 [i, LESSON.length, ...LESSON[i - 1]], `${size}: slide ${i} (${r.heading})`);
      check(new RegExp(`lesson=${i}(&|$)`).test(r.search), `${size}: slide ${i}: ${r.search}`);
      if (i === 5) {  // why 8x8 never ends: its run is on, in watch mode, the estimate measured
        const run = await app(page, () => [Module.app().state(), Module.app().granularity()]);
        checkEqual(run, ['running', 'line'], `${size}: slide 5 runs (the slides before set predict, dead end)`);
      }
      check(Math.abs(r.canvasTop - r.stripBottom) <= 1,
            `${size}: slide ${i}: the board starts at ${r.canvasTop}, under the slide at ${r.stripBottom}`);
      check(r.stripBottom < height / 3, `${size}: slide ${i} takes ${r.stripBottom} px`);
      await page.screenshot({ path: join(ARTIFACTS, `lesson-${i}-${width}x${height}.png`) });
    }
    // Slide 5 runs the textbook's 8x8 search: its estimate is measured by then.
    checkEqual(page.errors, [], `${size}: page errors`);
    // Previous by the keyboard, then Finish closes the lesson; the board takes the room back.
    await page.focus('#kt-lesson-prev');
    await page.keyboard.press('Enter');
    await waitSlide(page, LESSON.length - 1);
    await page.click('#kt-lesson-next');
    await waitSlide(page, LESSON.length);
    await page.click('#kt-lesson-next');  // Finish
    await page.waitForFunction(() => document.getElementById('kt-lesson').hidden);
    await frames(page, 2);
    const closed = await lessonState(page);
    checkEqual([closed.shown, closed.canvasTop], [false, 0], `${size}: closed`);
    await reopen(page, `${lessonBase}index.html`);  // seen: a second visit opens no lesson
    await frames(page, 10);
    checkEqual(await app(page, () => !!globalThis.Module.lesson), false, `${size}: second visit`);
    await page.close();
  } finally {
    await browser.close();
  }
}
let lessonBase = '';

tests.push(
  ['the lesson: a first visit walks it by clicks, taps and keys (1280x800, 390x844)',
    async (ctx, base) => {
      lessonBase = base;
      await walkLesson('desktop', [1280, 800], false);
      await walkLesson('phone', [390, 844], true);
    }],

  ['the lesson by links: lesson=N, a teacher\'s file, a missing file', async (ctx, base) => {
    const page = await openLink(ctx, base, '?lesson=5');
    await waitSlide(page, 5);
    let r = await lessonState(page);
    checkEqual([r.heading, r.rows, r.method], ['Why 8x8 from a corner never ends', 8, 'textbook'],
               'lesson=5');
    await reloadLink(page, base, '?lesson=lesson-example.json');
    await waitSlide(page, 1);
    r = await lessonState(page);
    checkEqual([r.slides, r.heading, r.rows, r.method], [2, 'From the middle', 6, 'warnsdorff'],
               'the teacher\'s lesson');
    check(/lesson=lesson-example\.json%231/.test(r.search), `its link: ${r.search}`);
    await page.click('#kt-lesson-next');
    await waitSlide(page, 2);
    r = await lessonState(page);
    checkEqual([r.heading, r.method], ['The textbook\'s search on the same board', 'textbook'],
               'its second slide');
    await reloadLink(page, base, '?lesson=lesson-example.json%232');
    await waitSlide(page, 2);
    await reloadLink(page, base, '?lesson=missing.json&size=6');
    await page.waitForFunction(() => (Module.coursePage.messages || []).length > 0);
    const said = await app(page, () => Module.coursePage.messages.join(' '));
    check(/lesson: missing\.json could not be opened/.test(said), `missing file: ${said}`);
    checkEqual(await app(page, () => Module.app().config().rows), 6, 'the link still applies');
    await reloadLink(page, base, '?lesson=https://example.com/x.json');
    const bad = await readBack(page);
    check(/lesson='https:\/\/example\.com\/x\.json': is not/.test(bad.messages.join(' ')),
          `another site: ${bad.messages}`);
    checkEqual(page.errors, [], 'page errors');
    await page.close();
  }],
);

await exitWith('browser course', async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  // The site under a sub-path: a folder whose courses/knights/ is the site.
  const root = await mkdtemp(join(tmpdir(), 'kt-course-site-'));
  await mkdir(join(root, 'courses'), { recursive: true });
  await symlink(SITE, join(root, SUBPATH.replace(/\/$/, '')));
  const server = await serve(root);
  const browser = await launch({ width: 1280, height: 800 });
  try {
    const base = server.url + SUBPATH;
    return await runTests('browser course', tests, ([, fn]) => fn(browser.context, base));
  } finally {
    await browser.close();
    server.close();
    await rm(root, { recursive: true, force: true });
  }
});
