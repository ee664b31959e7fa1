// The counting worker's side of its messages (after count_worker.js's generated code; in the
// worker's own thread only, not in the threads Emscripten starts from the same script). The
// page sends one message: a huge board's tour to build (`build`, below), a long search to go on
// with (`search`, below; then {stop: true} ends it), or the count:
//   {rows, cols, blocked: Uint8Array | null, start: [x, y] | null, end: [x, y] | null, closed,
//    byRows: true | false | null (auto: the worker's trial decides), memoryLimit (bytes), threads,
//    resume: go on from the saved count (the problem is the save's), saveAfter (seconds)}
// and gets the count's news (web/count_worker.cpp) twice a second until it is done,
// then nothing more, with the saves' news: save {on, error, saves, squaresDone, squares}. The
// page ends the worker to stop a count (terminate: at once, with its threads).
if (!ENVIRONMENT_IS_PTHREAD) {
  // Alive: the script has run, and with it the `new Worker`s of the threads' pool (its first
  // lines), which Firefox now and then never returns from (seen while a WebDriver client runs
  // scripts in the page). The page starts again a worker that says nothing within a few
  // seconds (web/worker_counter.cpp).
  postMessage({ state: 'running', progress: 0, nodes: 0, seconds: 0, threads: 0 });
  let request = null;
  let ready = false;
  let stopAsked = false;
  // A count by rows saves in the origin private file system (web/opfs_save.hpp): the folder
  // kt-count holds two slots (count.0, count.1) and count.json, which names the slot that holds
  // the last whole save, the problem, how far it came and when; and `states`, the count's states
  // past its memory limit (emptied when a count starts and ends). Opened here, before the count
  // starts (a sync handle comes from a promise); the count's thread calls the functions below
  // on this thread, while it waits. Reads and writes go through a buffer of this thread's own:
  // the module's memory is shared, which not every browser's handles take.
  const CHUNK = 1 << 24;
  const saves = Module.ktSaves = {
    on: false, error: '', files: null, meta: null, slot: 0, at: 0, saves: 0, buffer: null,
    resumed: false,
    async open(r) {
      const fs = self.FileSystemFileHandle;
      if (!(navigator.storage && navigator.storage.getDirectory && fs &&
            fs.prototype.createSyncAccessHandle)) {
        this.error = 'this browser cannot write its storage from the counting worker ' +
                     '(no FileSystemSyncAccessHandle)';
        return;
      }
      // The files of a tab just closed may still be held by its worker, and Firefox then
      // waits for them rather than refusing: each try is given a few seconds. Going on from
      // a save needs them, so it tries again for a minute, the page told meanwhile that the
      // count is on its way (it takes a silent worker for one that cannot start); a new
      // count goes without saves.
      const TRY_MS = 3000;
      const tries = r.resume ? 20 : 1;
      let files = null;
      let failure = null;
      for (let i = 0; i < tries && !files; i++) {
        if (i > 0) {
          postMessage({ state: 'running', progress: 0, nodes: 0, seconds: 0, threads: 0 });
        }
        const opened = [];
        let late = false;  // a try given up: what it opens after is closed at once
        const attempt = (async () => {
          const root = await navigator.storage.getDirectory();
          const dir = await root.getDirectoryHandle('kt-count', { create: true });
          for (const name of ['count.0', 'count.1', 'count.json', 'states']) {
            const handle = await (await dir.getFileHandle(name, { create: true }))
              .createSyncAccessHandle();
            if (late) handle.close(); else opened.push(handle);
          }
        })();
        const timeout = new Promise((resolve) => setTimeout(resolve, TRY_MS, 'timeout'));
        try {
          if (await Promise.race([attempt, timeout]) === 'timeout') {
            late = true;
            failure = { name: 'Timeout' };
          } else {
            files = opened;
          }
        } catch (e) {
          failure = e;
        }
        if (!files) opened.splice(0).forEach((f) => f.close());
        if (failure && failure.name !== 'Timeout') {
          if (failure.name !== 'NoModificationAllowedError') break;  // no use trying again
          await new Promise((resolve) => setTimeout(resolve, 1000));  // (refused at once)
        }
      }
      if (!files) {
        this.error = failure && (failure.name === 'NoModificationAllowedError' ||
                                 failure.name === 'Timeout')
          ? 'another tab is counting with saves (their files are in use)'
          : 'the browser\'s storage cannot be opened (' +
            ((failure && failure.message) || failure) + ')';
        return;
      }
      this.files = files;
      this.buffer = new Uint8Array(CHUNK);
      this.clearStates();  // (a closed tab's, of no use now)
      let last = null;  // the description of the last save, if there is one
      try {
        const text = new Uint8Array(files[2].getSize());
        files[2].read(text, { at: 0 });
        last = JSON.parse(new TextDecoder().decode(text));
      } catch (e) {}
      if (r.resume) {
        if (!last || (last.slot !== 0 && last.slot !== 1)) {
          this.error = 'there is no saved count to go on with';
          this.close();
          return;
        }
        this.meta = last;
        this.resumed = true;
      } else {
        // A new count: the last one's save stays whole until this one's first save names the
        // other slot (a tab closed before then offers the last count again).
        this.meta = { format: 1, slot: last && last.slot === 0 ? 0 : 1, seconds: 0,
          problem: { rows: r.rows, cols: r.cols, closed: !!r.closed, start: r.start || null,
                     end: r.end || null, blocked: r.blocked ? Array.from(r.blocked) : null } };
      }
      this.on = true;
    },
    close() {
      (this.files || []).forEach((f) => f.close());
      this.files = null;
      this.on = false;
    },
    // Bytes between the module's memory and a file at offset `at`, through the buffer.
    copy(file, at, pointer, bytes, write) {
      const heap = new Uint8Array(wasmMemory.buffer);
      pointer >>>= 0;
      bytes >>>= 0;
      for (let done = 0; done < bytes; done += CHUNK) {
        const n = Math.min(CHUNK, bytes - done), part = this.buffer.subarray(0, n);
        if (write) part.set(heap.subarray(pointer + done, pointer + done + n));
        const moved = write ? file.write(part, { at: at + done }) : file.read(part, { at: at + done });
        if (moved !== n) return 0;
        if (!write) heap.set(part, pointer + done);
      }
      return 1;
    },
    // The slot's next bytes, written or read.
    stream(pointer, bytes, write) {
      if (!this.copy(this.files[this.slot], this.at, pointer, bytes, write)) return 0;
      this.at += bytes >>> 0;
      return 1;
    },
    // The states past the memory limit (web/opfs_save.hpp, OpfsStateFile): `bytes` at `at`.
    states(at, pointer, bytes, write) {
      try {
        return this.copy(this.files[3], at, pointer, bytes, write);
      } catch (e) {
        return 0;
      }
    },
    clearStates() {
      try {
        this.files[3].truncate(0);
        this.files[3].flush();
      } catch (e) {}
    },
    // A save: into the slot the description does not name, which it names once flushed.
    begin() {
      try {
        this.slot = 1 - this.meta.slot;
        this.at = 0;
        this.files[this.slot].truncate(0);
        return 1;
      } catch (e) {
        return 0;
      }
    },
    write(pointer, bytes) {
      try {
        return this.stream(pointer, bytes, true);
      } catch (e) {
        return 0;
      }
    },
    finish(ok, squaresDone, squares, seconds) {
      try {
        this.files[this.slot].flush();
        if (!ok) return 0;
        const before = this.meta.seconds;  // counted before this run
        const meta = Object.assign({}, this.meta, { slot: this.slot, squaresDone, squares,
          seconds: before + seconds, savedAt: Date.now() });
        // One write over the old description, never a truncation first: a tab closed between
        // the two would leave no description, and so neither slot, to go on from. The JSON is
        // padded with spaces (JSON.parse reads past them) to at least the old length.
        const text = new TextEncoder().encode(JSON.stringify(meta));
        const description = this.files[2];
        const page = new Uint8Array(Math.max(4096, text.length, description.getSize()));
        page.fill(0x20);
        page.set(text);
        if (description.write(page, { at: 0 }) !== page.length) return 0;
        description.flush();
        this.meta = Object.assign(meta, { seconds: before });
        this.saves++;
        this.last = { squaresDone, squares };
        return 1;
      } catch (e) {
        return 0;
      }
    },
    // Going on: the slot the description names, read from its start; its size in bytes.
    openLast() {
      this.slot = this.meta.slot;
      this.at = 0;
      try {
        return this.files[this.slot].getSize();
      } catch (e) {
        return 0;  // (read as an empty file: refused with the reason)
      }
    },
    read(pointer, bytes) {
      try {
        return this.stream(pointer, bytes, false);
      } catch (e) {
        return 0;
      }
    },
    // Counted: nothing left to go on with. (A count that neither saved nor went on from the
    // save leaves the last count's save as it was.)
    discard() {
      this.clearStates();
      if (!this.resumed && this.saves === 0) {
        this.close();
        return;
      }
      // The description first (no save then, whatever follows), then the slots, at once: the
      // page may end this worker before the folder's removal below has run.
      try {
        for (const i of [2, 0, 1, 3]) {
          this.files[i].truncate(0);
          this.files[i].flush();
        }
      } catch (e) {}
      this.close();
      navigator.storage.getDirectory()
        .then((root) => root.removeEntry('kt-count', { recursive: true })).catch(() => {});
    },
    news(news) {
      return { on: this.on || this.saves > 0, error: this.on ? news.saveError || '' : this.error,
               saves: this.saves, squaresDone: this.last ? this.last.squaresDone : 0,
               squares: this.last ? this.last.squares : 0 };
    },
  };
  // The other errand, {build: {rows, cols, start: [x, y], closed}}: a huge board's tour for
  // the page's Run (web/count_worker_build.cpp), its news a tenth of a second apart, and the
  // last with the tour's successor bytes (moved to the page, not copied again).
  const build = (b) => {
    const at = (i) => (Array.isArray(b.start) ? Number(b.start[i]) | 0 : 0);
    if (_kt_build_start(b.rows | 0, b.cols | 0, at(0), at(1), b.closed ? 1 : 0)) {
      postMessage({ state: 'done', build: true, error: 'the worker cannot build this tour' });
      return;
    }
    const timer = setInterval(() => {
      const news = JSON.parse(UTF8ToString(_kt_build_news()));
      if (news.state !== 'done') return;
      clearInterval(timer);
      const moved = [];
      if (news.bytes > 0) {
        const from = _kt_build_tour() >>> 0;
        news.tour = new Uint8Array(wasmMemory.buffer).slice(from, from + news.bytes);
        moved.push(news.tour.buffer);
      }
      postMessage(news, moved);
    }, 100);
  };
  // And {search: true, rows, cols, blocked, start, end, closed, heuristic, order, snapshots,
  // path: Int32Array, cursors: Uint8Array, state: {placed, erased, seconds, status, last}}: a
  // long search of the page's Run, gone on with from that state (web/count_worker_search.cpp)
  // until it ends or the page sends {stop: true}. Its news a tenth of a second apart, each new
  // state's path and cursors with them; the last, done, with the state it stopped at.
  const search = (q) => {
    const at = (s, i) => (Array.isArray(s) ? Number(s[i]) | 0 : 0);
    const st = q.state || {};
    const n = q.path ? q.path.length : 0;
    const fits = n > 0 && q.cursors && q.cursors.length === n;
    const path = _malloc(4 * n + 4), cursors = _malloc(n + 1);
    if (fits) {
      new Int32Array(wasmMemory.buffer).set(q.path, path >>> 2);
      new Uint8Array(wasmMemory.buffer).set(q.cursors, cursors >>> 0);
    }
    const failed = !fits ||
      ccall('kt_search_start', 'number',
        ['number', 'number', q.blocked ? 'array' : 'number', 'number', 'number', 'number',
         'number', 'number', 'number', 'string', 'number', 'number', 'number', 'number',
         'number', 'number', 'number', 'number', 'number'],
        [q.rows | 0, q.cols | 0, q.blocked ? Uint8Array.from(q.blocked) : 0, at(q.start, 0),
         at(q.start, 1), at(q.end, 0), at(q.end, 1), q.closed ? 1 : 0, q.heuristic ? 1 : 0,
         String(q.order || ''), path, cursors, n, Number(st.placed) || 0, Number(st.erased) || 0,
         Number(st.seconds) || 0, st.status | 0, st.last | 0, q.snapshots ? 1 : 0]);
    _free(path);
    _free(cursors);
    if (failed) {
      postMessage({ state: 'done', search: true, error: 'the worker cannot go on with this search' });
      return;
    }
    if (stopAsked) _kt_search_stop();
    let sent = 0;
    const timer = setInterval(() => {
      const news = JSON.parse(UTF8ToString(_kt_search_news()));
      if (news.stateId > sent) {
        sent = news.stateId;
        const frames = news.stateDepth + 1;
        const p = _kt_search_state_path() >>> 2, c = _kt_search_state_cursors() >>> 0;
        news.path = new Int32Array(wasmMemory.buffer).slice(p, p + frames);
        news.cursors = new Uint8Array(wasmMemory.buffer).slice(c, c + frames);
      }
      postMessage(news);
      if (news.state === 'done') clearInterval(timer);
    }, 100);
  };
  const start = async () => {
    const r = request;
    if (r.build) {
      build(r.build);
      return;
    }
    if (r.search) {
      search(r);
      return;
    }
    if (r.byRows !== false) await saves.open(r);
    const blocked = r.blocked ? Uint8Array.from(r.blocked) : null;
    const at = (s, i) => (Array.isArray(s) ? Number(s[i]) | 0 : 0);
    // No flags: a null pointer (an empty array would be a pointer to no flags).
    const failed = (blocked && blocked.length !== (r.rows | 0) * (r.cols | 0)) ||
      ccall('kt_count_start', 'number',
      ['number', 'number', blocked ? 'array' : 'number', 'number', 'number', 'number', 'number',
       'number', 'number', 'number', 'number', 'number', 'number', 'number'],
      [r.rows | 0, r.cols | 0, blocked ?? 0, at(r.start, 0), at(r.start, 1),
       at(r.end, 0), at(r.end, 1), r.closed ? 1 : 0, r.byRows === null ? -1 : r.byRows ? 1 : 0,
       Math.max(0, Number(r.memoryLimit) || 0), Math.max(1, r.threads | 0), saves.on ? 1 : 0,
       r.resume ? 1 : 0, Math.max(0, Number(r.saveAfter ?? 10) || 0)]);
    if (failed) {
      postMessage({ state: 'done', count: '0', progress: 0, nodes: 0, seconds: 0, threads: 0,
                    error: r.resume && !saves.on
                      ? 'the saved count cannot be read: ' + saves.error
                      : 'the counting worker was given no problem it can count' });
      return;
    }
    // The news read every tenth of a second, told twice a second while the count runs and at
    // once when it is done: the page draws its read-outs anew at each news, and every picture
    // drawn is taken from the count (at ten a second, a sixth of this 2-core machine went to
    // drawing while 7x7 counted, in Chromium's software WebGL).
    let told = -Infinity;
    const timer = setInterval(() => {
      const news = JSON.parse(UTF8ToString(_kt_count_news()));
      news.save = saves.news(news);
      const now = performance.now();
      if (news.state !== 'done' && now - told < 500) return;
      told = now;
      postMessage(news);
      if (news.state === 'done') clearInterval(timer);
    }, 100);
  };
  // A failure inside start (the save's files, the module) ends the count with its reason: a
  // rejected promise would fire no error on the worker, and the page would wait for news.
  const begin = () => start().catch((e) => {
    postMessage({ state: 'done', count: '0', progress: 0, nodes: 0, seconds: 0, threads: 0,
                  error: 'the counting worker failed: ' + ((e && e.message) || e) });
  });
  self.onmessage = (e) => {
    if (e.data && e.data.stop) {  // a search asked to stop: its last news follow
      stopAsked = true;
      if (ready && request) _kt_search_stop();
      return;
    }
    if (request) return;  // one errand a worker
    request = e.data;
    if (ready) begin();
  };
  const initialized = Module.onRuntimeInitialized;
  Module.onRuntimeInitialized = () => {
    if (initialized) initialized();
    ready = true;
    if (request) begin();
  };
  if (runtimeInitialized) Module.onRuntimeInitialized();
}
