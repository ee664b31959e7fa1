// The counting worker's side of its messages (after count_worker.js's generated code; in the
// worker's own thread only, not in the threads Emscripten starts from the same script). The
// page sends one message, the count:
//   {rows, cols, blocked: Uint8Array | null, start: [x, y] | null, end: [x, y] | null, closed,
//    byRows: true | false | null (auto: the worker's trial decides), memoryLimit (bytes), threads}
// and gets the count's news (web/count_worker.cpp) every tenth of a second until it is done,
// then nothing more. The page ends the worker to stop a count (terminate: at once, with its
// threads).
if (!ENVIRONMENT_IS_PTHREAD) {
  let request = null;
  let ready = false;
  const start = () => {
    const r = request;
    const blocked = r.blocked ? Uint8Array.from(r.blocked) : null;
    const at = (s, i) => (Array.isArray(s) ? Number(s[i]) | 0 : 0);
    // No flags: a null pointer (an empty array would be a pointer to no flags).
    const failed = (blocked && blocked.length !== (r.rows | 0) * (r.cols | 0)) ||
      ccall('kt_count_start', 'number',
      ['number', 'number', blocked ? 'array' : 'number', 'number', 'number', 'number', 'number',
       'number', 'number', 'number', 'number'],
      [r.rows | 0, r.cols | 0, blocked ?? 0, at(r.start, 0), at(r.start, 1),
       at(r.end, 0), at(r.end, 1), r.closed ? 1 : 0, r.byRows === null ? -1 : r.byRows ? 1 : 0,
       Math.max(0, Number(r.memoryLimit) || 0), Math.max(1, r.threads | 0)]);
    if (failed) {
      postMessage({ state: 'done', count: '0', progress: 0, nodes: 0, seconds: 0, threads: 0,
                    error: 'the counting worker was given no problem it can count' });
      return;
    }
    const timer = setInterval(() => {
      const news = JSON.parse(UTF8ToString(_kt_count_news()));
      postMessage(news);
      if (news.state === 'done') clearInterval(timer);
    }, 100);
  };
  self.onmessage = (e) => {
    if (request) return;  // one count a worker
    request = e.data;
    if (ready) start();
  };
  const initialized = Module.onRuntimeInitialized;
  Module.onRuntimeInitialized = () => {
    if (initialized) initialized();
    ready = true;
    if (request) start();
  };
  if (runtimeInitialized) Module.onRuntimeInitialized();
}
