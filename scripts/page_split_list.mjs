// Which functions the page's first part (index.wasm) keeps: the ones a typical visit calls
// (web/CMakeLists.txt, KT_WEB_SPLIT). Opens the profiling build of the page in
// Chromium and does what a visitor does first: the page draws, Run on the default board,
// Pause, Step, a click on a square, Reset. Then asks wasm-split which functions ran and writes
// them, one a line, to web/page_start_funcs.txt. Everything else goes to index.deferred.wasm,
// fetched after the first frame (or when first called, if that comes sooner).
//
//   cmake --build --preset wasm --target kt_web && node scripts/page_split_list.mjs
//   cmake --build --preset wasm --target kt_web   # again, to split with the new list
//
// Arguments: [build dir] (default build/wasm).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { clickSquare, frames, launch, open, ROOT } from '../tests/browser/page.mjs';
import { serve } from '../tests/browser/server.mjs';

const BUILD = resolve(process.argv[2] ?? join(ROOT, 'build/wasm'));
const OUT = join(ROOT, 'web/page_start_funcs.txt');

const work = mkdtempSync(join(tmpdir(), 'kt-split-'));
// index.deferred.wasm too, which the loader fetches after the first frame: it does not fit the
// profiling build, and the loader drops the instance that fails to link.
for (const f of ['index.html', 'index.js', 'index.deferred.wasm']) {
  copyFileSync(join(BUILD, 'site', f), join(work, f));
}
copyFileSync(join(BUILD, 'split/index.profiling.wasm'), join(work, 'index.wasm'));

const server = await serve(work);
const { context, close } = await launch();
try {
  const page = await open(context, server.url);
  await frames(page, 5);
  await page.evaluate(() => Module.app().run());
  await frames(page, 40);
  await page.evaluate(() => Module.app().pause());
  await page.evaluate(() => Module.app().step());
  await clickSquare(page, 1, 1);
  await frames(page, 3);
  await page.evaluate(() => Module.app().reset());
  await frames(page, 3);
  if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);

  const profile = await page.evaluate(() => {
    const size = 1 << 20;
    const at = Module._malloc ? Module._malloc(size) : 0;  // the visit is over: any place
    const n = Module.asm.__write_profile(at, size);
    return Array.from(Module.HEAPU8.subarray(at, at + n));
  });
  writeFileSync(join(work, 'visit.prof'), Buffer.from(profile));
  // wasm-split -v names the functions it keeps on one line, commas inside names escaped (\2c).
  const log = execFileSync('wasm-split', [join(BUILD, 'split/index.whole.wasm'),
    '--enable-mutable-globals', '--export-prefix=%', `--profile=${join(work, 'visit.prof')}`,
    '-o1', join(work, 'a.wasm'), '-o2', join(work, 'b.wasm'), '-v'], { encoding: 'utf8' });
  const line = log.split('\n').find((l) => l.startsWith('Keeping functions: '));
  if (!line) throw new Error('wasm-split printed no "Keeping functions" line');
  const names = line.slice('Keeping functions: '.length).split(', ').filter(Boolean).sort();
  writeFileSync(OUT, names.join('\n') + '\n');
  console.log(`${OUT}: ${names.length} functions`);
} finally {
  await close();
  server.close();
  rmSync(work, { recursive: true, force: true });
}
