// Fuzzing the JS API in real Chromium: thousands of random calls with random arguments (numbers,
// huge and negative values, NaN, strings with control bytes, objects, arrays, undefined) on
// Module.Search, Module.Counter and Module.app(). Every call must return or report its error
// as a value: no exception, no abort, no page error, memory flat, the page still drawing.
// Deterministic (a fixed seed); KT_HAMMER_CALLS sets the number of calls (default 6000).
import { check, exitWith, launch, open, runTests, withSite } from './page.mjs';

const CALLS = Number(process.env.KT_HAMMER_CALLS ?? 6000);

// Runs inside the page: the hammer itself. Returns what went wrong, if anything.
function hammer({ calls, seed }) {
  let state = seed >>> 0;
  const rand = (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const pick = (a) => a[rand(a.length)];
  const values = () => [0, 1, 2, 5, 8, -1, -2147483649, 2 ** 31, 2 ** 53, 1e308, -0, 0.5, NaN,
    Infinity, '', '5', 'five', '1,1', 'c3', 'a1 h8', '9,9', '\u0000\u001b[31m', 'x'.repeat(5000),
    '1,1;8,8', 'auto', 'textbook', 'wirth', 'warnsdorff', 'construct', 'handout', true, false,
    null, undefined, {}, [], [1, 1], { rows: 'abc' }];
  const problem = () => {
    const o = {};
    for (const k of ['rows', 'cols', 'start', 'end', 'blocked', 'closed', 'method', 'order']) {
      if (rand(2)) o[k] = pick(values());
    }
    if (rand(3)) { o.rows = 1 + rand(9); o.cols = 1 + rand(9); }
    return o;
  };
  const arg = () => (rand(3) === 0 ? problem() : pick(values()));
  const problems = [];
  const search = new Module.Search();
  const counter = new Module.Counter();
  const app = Module.app();
  const targets = [
    [search, ['configure', 'configureProblem', 'run', 'method', 'reason', 'board', 'path', 'placed',
      'erased', 'seconds', 'depth', 'status', 'text', 'json', 'summary', 'verify', 'stack',
      'lastAction']],
    [counter, ['configure', 'run', 'count', 'progress', 'seconds', 'what', 'error']],
    [app, ['configureProblem', 'run', 'pause', 'step', 'reset', 'state', 'status', 'board', 'json',
      'verify', 'setSpeed', 'clickSquare', 'selected']],
  ];
  const heap0 = Module.HEAP8.length;
  for (let i = 0; i < calls; i++) {
    const [obj, names] = pick(targets);
    const name = pick(names);
    if (typeof obj[name] !== 'function') continue;
    // Bounded work per call: run() takes a small step count most of the time.
    const args = name === 'run' && rand(4) ? [rand(2000)]
      : name === 'configure' && obj === search ? [arg(), arg(), arg(), arg()]
        : [arg(), arg()];
    try {
      obj[name](...args);
    } catch (e) {
      // Embind's own arity/type errors for wrong JS types are a thrown BindingError: allowed,
      // as long as the module is still alive (no abort) and answers the next call.
      if (!/BindingError|UnboundTypeError|TypeError|expected|Cannot convert/.test(String(e))) {
        problems.push(`${name}(${args.map((a) => String(a).slice(0, 30)).join(', ')}): ${e}`);
      }
    }
    if (problems.length > 5) break;
  }
  search.delete();
  counter.delete();
  const heapGrowth = Module.HEAP8.length - heap0;
  return { problems, heapGrowth, alive: Module.app().status() };
}

// Three seeds, one after the other on the same page: it must survive them all.
await exitWith('hammer', () => withSite(async (url) => {
  const browser = await launch();
  try {
    const page = await open(browser.context, url);
    const seeds = [1, 2, 3].map((seed) => [`hammer seed ${seed}`, seed]);
    return await runTests('hammer', seeds, async ([, seed]) => {
      const r = await page.evaluate(hammer, { calls: CALLS, seed });
      const frames0 = await page.evaluate(() => Module.app().frames());
      const drawing = await page.waitForFunction((f0) => Module.app().frames() > f0, frames0,
                                                 { timeout: 10000 }).then(() => true, () => false);
      console.log(`      seed ${seed}: ${CALLS} calls, heap +${r.heapGrowth >> 20} MiB, ` +
                  `still drawing: ${drawing}, status: ${r.alive}`);
      check(r.problems.length === 0, r.problems.join('; '));
      check(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
      check(drawing, 'the page stopped drawing');
      check(r.heapGrowth <= 64 << 20, `heap grew by ${r.heapGrowth >> 20} MiB`);
    });
  } finally {
    await browser.close();
  }
}));
