// One table of problems through both roads: the native CLI (`knights count`, `knights solve
// --format summary`) and the page's JS API (Module.Counter, Module.Search) in Chromium. Each
// row must get the same answer from both (the count, the counter and what it counts; the
// solve summary but its time) or the same refusal, word for word: the rules of a problem live
// once, in core/, and neither road may add its own.
// Arguments: the built site (build/wasm/site) and the native CLI (build/native/cli/knights).
import { spawnSync } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';

import { ROOT, checkEqual, exitWith, launch, open, runTests, withSite } from './page.mjs';

const KNIGHTS = process.argv[3] ?? process.env.KT_KNIGHTS ?? join(ROOT, 'build/native/cli/knights');

// Fields as the JS API takes them; the CLI gets the same text as --<field> <value>. Values are
// strings, so both roads hand the core the same text. Limits differ on purpose (the page takes
// fewer squares), so every row stays within both.
const COUNTS = [
  { size: '5', start: '1,1' },
  { size: '5', end: '3,3' },  // every start, ending on (3,3)
  { rows: '3', cols: '4' },
  { size: '5', start: 'a1', end: '5,5' },
  { size: '5', blocked: '3,3', start: '1,1' },
  { size: '6', closed: true },
  { rows: '3', cols: '30', closed: true },  // past the search's 64 squares: by rows
  { rows: '5', cols: '18', closed: true },  // past 2^53 (published below)
  { size: '5', counter: 'rows' },
  { rows: '4', cols: '4', counter: 'search' },
  { size: '9', counter: 'search' },
  { size: '5', start: '9,9' },
  { size: '5', start: '1,1', end: '1,1' },
  { size: '6', closed: true, end: '2,3' },
  { size: '5', blocked: '1,1', start: '1,1' },
  { size: '0' },
  { rows: 'abc', cols: '5' },
  { size: '5', blocked: '1,2;zz' },
];

// Counts as published, read through JSON.parse on both roads: every digit, as a string. OEIS
// A175855 (closed tours on 5 x 2n): 5x18, between 2^53 and 2^64, which a double rounds.
const PUBLISHED = { [JSON.stringify({ rows: '5', cols: '18', closed: true })]: '161514101568508400' };

// Beyond the number (the page's study, app.study(), against count --classes and --ends).
const TOURS = [
  { size: '6', closed: true, classes: true },  // Jelliss: 1,245 classes, 78 by the half turn
  { size: '5', classes: true },                // Jelliss: 112 classes, 8 symmetric
  { size: '5', start: 'a1', ends: true },
  { size: '5', blocked: '3,3', start: '1,1', ends: true },
];

const SOLVES = [
  { size: '5', start: '1,1', method: 'textbook' },
  { size: '5', start: '1,1', method: 'wirth' },
  { size: '5', start: '1,1' },
  { size: '4' },
  { size: '8', method: 'warnsdorff' },
  { size: '8', start: 'c3', method: 'warnsdorff', order: 'wirth' },
  { size: '30', method: 'construct' },
  { size: '12', closed: true },
  { rows: '3', cols: '10', method: 'construct' },
  { size: '8', blocked: '4,4;5,5', method: 'construct' },
  { size: '10', start: '1,1', end: '10,9', method: 'construct' },
  { size: '6', closed: true, start: '2,3' },
  { size: '5', start: '2,1' },
  { size: '5', method: 'bogus' },
  { size: '5', order: 'bogus' },
  { size: '5', start: '1,1', end: '1,1' },
  { size: '6', closed: true, end: '2,3' },
  { size: '6', method: 'warnsdorff', start: 'b3', blocked: 'b3' },
];

function cliArgs(fields) {
  const args = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === true) args.push(`--${key}`);
    else args.push(`--${key}`, value);
  }
  return args;
}

// {refused: message} or {answer}: what the CLI says.
function viaCli(command, fields) {
  const extra = command === 'solve' ? ['--format', 'summary']
    : ['--format', 'json', '--threads', '1'];
  if (command === 'tours') command = 'count';
  const r = spawnSync(KNIGHTS, [command, ...cliArgs(fields), ...extra], { encoding: 'utf8' });
  if (r.status === 2) return { refused: r.stderr.trim().replace(/^knights: /, '') };
  if (r.status !== 0) throw new Error(`knights ${command} exited ${r.status}: ${r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  if (fields.classes || fields.ends) {
    return { answer: { count: out.count, classes: fields.classes ? out.classes : null,
      fixed: fields.classes ? out.fixed : null, ends: fields.ends ? out.ends : null } };
  }
  if (command === 'count') {
    // As the CLI prints it: a string of digits, the type the JS API's count() has too.
    return { answer: { count: out.count, counter: out.counter, what: out.counts } };
  }
  delete out.seconds;
  return { answer: out };
}

// The same through the page's API, run to the end in slices.
function viaJs({ command, fields }) {
  if (command === 'tours') {  // the page's count section: Count's problem, then its study
    return (async () => {
      const { classes, ends, size, closed, start, blocked } = fields;
      const a = Module.app();
      const why = a.configureProblem({ size, closed: !!closed, start: start ?? '1,1', blocked,
                                       method: 'textbook' });
      if (why) return { refused: why };
      a.setCountKind(closed ? 'closed' : start ? 'from-start' : 'all-open');
      const refused = a.studyStart();
      if (refused) return { refused };
      while (a.study().state === 'running') await new Promise((r) => requestAnimationFrame(r));
      const t = a.study();
      return { answer: { count: t.tours, classes: classes ? t.classes : null,
        fixed: classes ? t.fixed : null, ends: ends ? t.ends : null } };
    })();
  }
  if (command === 'count') {
    const c = new Module.Counter();
    try {
      const why = c.configure(fields);
      if (why) return { refused: why };
      while (c.run(1 << 20) === 'running');
      if (c.status() !== 'done') return { failed: c.error() };
      return { answer: { count: c.count(), counter: c.counter(), what: c.what() } };
    } finally {
      c.delete();
    }
  }
  const s = new Module.Search();
  try {
    const why = s.configureProblem(fields);
    if (why) return { refused: why };
    while (s.run(1 << 20) === 'running');
    const out = JSON.parse(s.summary());
    delete out.seconds;
    return { answer: out };
  } finally {
    s.delete();
  }
}

await exitWith('parity', async () => {
  await access(KNIGHTS).catch(() => {
    throw new Error(`no ${KNIGHTS}: build the native preset's knights target first`);
  });
  return withSite(async (url) => {
    const browser = await launch();
    try {
      const page = await open(browser.context, url);
      const rows = [...COUNTS.map((fields) => ({ command: 'count', fields })),
        ...TOURS.map((fields) => ({ command: 'tours', fields })),
        ...SOLVES.map((fields) => ({ command: 'solve', fields }))];
      return await runTests('parity', rows.map((row) => [
        `${row.command} ${JSON.stringify(row.fields)}`, row]), async ([, row]) => {
        const cli = viaCli(row.command, row.fields);
        const js = await page.evaluate(viaJs, row);
        checkEqual(js, cli, 'JS API against the CLI');
        const published = PUBLISHED[JSON.stringify(row.fields)];
        if (published) checkEqual(js.answer?.count, published, 'the published count');
      });
    } finally {
      await browser.close();
    }
  });
});
