// The page's exports of the board it holds, made a slice a frame (--post-js, before page.js):
// the text and JSON as a streamed download (the browser's File System Access API where it has
// one and the export is large, else a Blob built in parts), the colour-by-move PNG with its
// legend. The work is C++'s (Module.exportJob*, web/export_bindings.cpp, ui/export_job.hpp);
// this file runs it between frames, saves what it hands over, shows the progress with a Stop
// button and measures the frames meanwhile.
//   Module.exportTour(kind, {size, to, fromClick}) -> Promise of {state, message, bytes,
//     seconds, sink ("download" or "file"), slices, longestFrameMs, longestSliceMs, blob (what
//     a download was made of)}: kind "text", "json" or "png"; size the PNG's longer side in pixels; to "download" or "file" (default: a file where the browser can
//     save to one and the export is over FILE_FROM bytes, when started by a click).
//     A refusal resolves at once with state "refused" and the reason.
//   Module.exportStatus() -> the running or last export: the job's state (exportJobState)
//     with the JS side's read-outs (sink, seconds, longestFrameMs, longestSliceMs).
//   Module.stopExport() -> stops a running export; nothing is saved.
//   Module.saveBlob(name, blob) -> the browser's download of a blob.
(function () {
  'use strict';
  var SLICE_MS = 8;   // the module's work a frame: with the frame's own, well under 100 ms
  var FILE_FROM = 64 << 20;  // bytes: larger exports go to a file where the browser can
  var NAMES = { text: 'knights-tour.txt', json: 'knights-tour.json', png: 'knights-tour.png' };
  var TYPES = { text: 'text/plain', json: 'application/json', png: 'image/png' };
  var job = null;  // the running export
  var last = null;  // the last export's read-outs

  function saveBlob(name, blob) {
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 10000);
  }
  Module.saveBlob = saveBlob;

  // The progress box: what is exported, how far, and Stop.
  function panel() {
    var box = document.getElementById('kt-export-progress');
    if (box) return box;
    box = document.createElement('div');
    box.id = 'kt-export-progress';
    box.setAttribute('role', 'status');
    box.style.cssText = 'position:fixed;right:8px;bottom:48px;z-index:20;padding:6px 10px;' +
      'background:#fff;color:#111;border:1px solid #888;border-radius:4px;font:13px sans-serif';
    var text = document.createElement('span');
    var bar = document.createElement('progress');
    bar.max = 1;
    bar.style.cssText = 'margin:0 8px;vertical-align:middle';
    var stop = document.createElement('button');
    stop.type = 'button';
    stop.textContent = 'Stop';
    stop.onclick = function () { Module.stopExport(); };
    box.appendChild(text);
    box.appendChild(bar);
    box.appendChild(stop);
    document.body.appendChild(box);
    return box;
  }
  function show(st) {
    var box = panel();
    box.hidden = false;
    var mb = function (n) { return (n / 1048576).toFixed(1) + ' MB'; };
    box.firstChild.textContent = 'Exporting ' + (st.kind === 'text' ? 'text' : st.kind.toUpperCase()) +
      ': ' + Math.floor(st.progress * 100) + '%' + (st.bytes ? ' (' + mb(st.bytes) + ')' : '');
    box.childNodes[1].value = st.progress;
  }
  function hide() {
    var box = document.getElementById('kt-export-progress');
    if (box) box.hidden = true;
  }

  function status() {
    var st = job || last;
    if (!st) return { state: 'idle' };
    var out = Module.exportJobState ? Module.exportJobState() : {};
    ['sink', 'seconds', 'longestFrameMs', 'longestSliceMs', 'slices'].forEach(function (k) { out[k] = st[k]; });
    if (st.state) out.state = st.state;
    if (st.message) out.message = st.message;
    if (job) out.seconds = (performance.now() - job.started) / 1000;
    return out;
  }
  Module.exportStatus = status;

  function finish(state, message) {
    var j = job;
    if (!j) return;
    job = null;
    j.state = state;
    j.message = message;
    j.seconds = (performance.now() - j.started) / 1000;
    last = j;
    var st = Module.exportJobState();
    if (state !== 'done') Module.exportJobStop(state === 'failed' ? message : '');
    j.parts = null;
    Module.exportJobClear();
    hide();
    var answer = function () {
      j.resolve({ state: j.state, message: j.message, bytes: j.blob ? j.blob.size : st.bytes,
                  seconds: j.seconds, sink: j.sink, slices: j.slices,
                  longestFrameMs: j.longestFrameMs, longestSliceMs: j.longestSliceMs,
                  blob: j.blob || null });
    };
    if (!j.writable) return answer();
    // A file is saved once its stream has closed (the writes queued before it are then on disk):
    // the answer waits for that, and a file that cannot be closed is a failure, not a success.
    if (state !== 'done') return j.writable.abort().catch(function () {}).then(answer);
    j.writable.close().then(answer, function (e) {
      j.state = last.state = 'failed';
      j.message = last.message = 'the file could not be closed (' + (e && e.message || e) +
                                 '): it may be incomplete';
      answer();
    });
  }

  // The PNG: the module's pixels, the legend under them (first move to last), the browser's
  // encoder.
  function savePng(j, st) {
    var w = st.width, h = st.height;
    var band = Math.max(40, Math.round(Math.max(w, 256) / 12));
    var canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h + band;
    var ctx = canvas.getContext('2d');
    ctx.putImageData(new ImageData(new Uint8ClampedArray(Module.exportJobPixels()), w, h), 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, h, w, band);
    var pad = Math.round(band * 0.12);
    var barW = Math.max(1, w - 2 * pad);
    var legend = new ImageData(new Uint8ClampedArray(Module.exportJobLegend(barW)), barW, 1);
    var strip = document.createElement('canvas');
    strip.width = barW;
    strip.height = 1;
    strip.getContext('2d').putImageData(legend, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(strip, pad, h + pad, barW, Math.round(band * 0.35));
    var font = Math.max(9, Math.round(band * 0.3));
    ctx.fillStyle = '#111';
    ctx.font = font + 'px sans-serif';
    ctx.textBaseline = 'bottom';
    var y = h + band - Math.round(pad / 2);
    ctx.textAlign = 'left';
    ctx.fillText('move 1', pad, y);
    ctx.textAlign = 'right';
    ctx.fillText('move ' + st.lastMove.toLocaleString('en-US'), w - pad, y);
    if (w >= 320) {
      ctx.textAlign = 'center';
      ctx.fillText('colour by move: first to last', w / 2, y);
    }
    j.saving = true;
    canvas.toBlob(function (blob) {
      if (job !== j) return;
      if (!blob) return finish('failed', 'the browser could not encode the PNG; nothing was saved');
      j.blob = blob;
      saveBlob(NAMES.png, blob);
      finish('done', 'PNG saved (' + w + 'x' + (h + band) + ' pixels).');
    }, 'image/png');
  }

  // A browser can refuse to hold a download built in parts: Chromium keeps parts in memory, up
  // to about 500 MiB, until it has measured its disk, which it does a few seconds after it starts
  // unless it is kept busy (a 576 MB export begun at once failed there from its 514th MB; begun
  // after 8 s of quiet it was written). A refused part still takes its bytes, but cannot be read,
  // and the download of a blob holding it is cancelled with no word to the page. So a part is
  // read back (its last byte) every CHECK_EVERY bytes, and the whole blob before its download:
  // a refusal stops the export at once and says so, instead of "downloaded" and no file.
  var CHECK_EVERY = 32 << 20;
  function readable(blob) {
    return blob.size ? blob.slice(blob.size - 1).arrayBuffer() : Promise.resolve();
  }
  function notHeld(j) {
    return 'the browser could not hold the download past ' + (j.checked / 1048576).toFixed(0) +
      ' MB (of ' + (j.expected / 1048576).toFixed(0) + ' MB), so nothing was saved; try again ' +
      'in a moment, or save to a file (where the browser can) instead of a download';
  }
  function checkPart(j, part) {
    var at = j.held;
    j.nextCheck = at + CHECK_EVERY;
    readable(part).then(function () { j.checked = Math.max(j.checked, at); },
                        function () { if (job === j) finish('failed', notHeld(j)); });
  }

  function frame() {
    var j = job;
    if (!j) return;
    var t0 = performance.now();
    if (j.lastFrame) j.longestFrameMs = Math.max(j.longestFrameMs, t0 - j.lastFrame);
    j.lastFrame = t0;
    if (j.writing || j.saving) { requestAnimationFrame(frame); return; }
    var st;
    try {
      var bytes = Module.exportJobSlice(SLICE_MS);
      if (bytes.length) {
        if (j.writable) {
          var copy = bytes.slice();
          j.writing = true;
          j.writable.write(copy).then(function () { j.writing = false; }, function (e) {
            finish('failed', 'the file could not be written (' + e.message + '); nothing was saved');
          });
        } else {
          var part = new Blob([bytes]);
          j.parts.push(part);
          j.held += bytes.length;
          if (j.held >= j.nextCheck) checkPart(j, part);
        }
      }
      st = Module.exportJobState();
      j.slices++;
      j.longestSliceMs = Math.max(j.longestSliceMs, performance.now() - t0);
      if (st.state === 'done') {
        if (j.kind === 'png') {
          savePng(j, st);
        } else {
          if (j.writable) {
            finish('done', 'Saved ' + st.bytes + ' bytes.');
          } else {
            var blob = new Blob(j.parts, { type: TYPES[j.kind] });
            j.saving = true;
            readable(blob).then(function () {
              if (job !== j) return;
              j.blob = blob;
              saveBlob(NAMES[j.kind], blob);
              finish('done', 'Downloaded ' + st.bytes + ' bytes.');
            }, function () { if (job === j) finish('failed', notHeld(j)); });
          }
        }
        return;
      }
      if (st.state !== 'running') return finish(st.state, st.message);
    } catch (e) {
      // The browser refused a part (out of memory for the download): the explorer is untouched.
      return finish('failed', 'the export failed (' + (e && e.message || e) + '); nothing was saved');
    }
    show(st);
    requestAnimationFrame(frame);
  }

  Module.exportTour = function (kind, options) {
    options = options || {};
    return new Promise(function (resolve) {
      var refuse = function (why) {
        last = { state: 'refused', message: why };
        resolve({ state: 'refused', message: why, bytes: 0, seconds: 0 });
      };
      if (!Module.exportJobStart) return refuse('export: the page is still loading');
      if (job) return refuse('export: an export is still running; stop it first');
      var side = Math.round(Number(options.size) || 1024);
      var why = Module.exportJobStart(String(kind), side);
      if (why) return refuse(why);
      var st = Module.exportJobState();
      job = { kind: kind, started: performance.now(), parts: [], writable: null, sink: 'download',
              lastFrame: 0, longestFrameMs: 0, longestSliceMs: 0, slices: 0, resolve: resolve,
              held: 0, checked: 0, nextCheck: CHECK_EVERY, expected: st.expectedBytes };
      var j = job;
      var toFile = options.to === 'file' ||
        (options.to !== 'download' && options.fromClick && kind !== 'png' && st.expectedBytes > FILE_FROM);
      if (toFile && window.showSaveFilePicker) {
        j.sink = 'file';
        j.writing = true;  // until the file is chosen
        window.showSaveFilePicker({ suggestedName: NAMES[kind] }).then(function (handle) {
          return handle.createWritable();
        }).then(function (w) {
          j.writable = w;
          j.writing = false;
        }, function (e) {
          finish('stopped', e && e.name === 'AbortError' ? 'no file chosen: nothing was saved'
                                                         : 'the file could not be opened: nothing was saved');
        });
      }
      show(st);
      requestAnimationFrame(frame);
    });
  };

  Module.stopExport = function () {
    if (job) finish('stopped', 'stopped: nothing was saved');
  };
})();
