// The page's code in two parts ("fast on a school network"; web/CMakeLists.txt,
// KT_WEB_SPLIT): index.wasm holds what a visit needs to draw and run a search
// (web/page_start_funcs.txt), index.deferred.wasm the rest (counting, the recursion's panels,
// exports, readers, messages). The first frame waits only for the first part; the second is
// fetched and compiled in the background once that frame is drawn, then instantiated, which
// puts its functions in the table in place of the placeholders.
// If a deferred function runs before that (a link that starts with a count, a quick click),
// Emscripten's SPLIT_MODULE runtime calls Module.loadSplitModule, which must be synchronous as
// the call that needs the code is: on the page's main thread the only synchronous fetch is a
// text XMLHttpRequest, whose bytes are read back from the characters (x-user-defined keeps
// each byte in the low 8 bits).
// Loaded once: JS keeps some table entries it read before the load (Embind's invokers), and
// these placeholders then only forward to the real function.
// Module.splitLoad says how the second part came (tests/browser/first-frame.test.mjs reads it):
// 'idle' after the first frame, or 'call' with the placeholder (a table index; wasm-split's
// --placeholdermap names its function) that needed it, and whether the first frame was on screen.
// --pre-js: runs inside index.js, after Module is set and before the runtime reads printErr.
(function () {
  var FILE = 'index.deferred.wasm';
  var loaded = null;
  var waiting = [];  // Module.whenSecondPart's callbacks, run once the second part is in
  var drawn = false;  // the app's first frame is on screen: the animation frame after onAppReady
  var held = null;  // the second part's bytes, fetched before the start (below)

  // A page under the site's service worker (web/sw.js) may have no network at all, and the
  // synchronous request below never reaches the worker (Chromium sends it to the network), so
  // such a page fetches the second part at once, through the worker (from its cache: nothing
  // on the wire), and holds its start until the bytes are in. A first visit has no worker yet:
  // its first frame waits for the first part only, as before.
  var early = null;
  if (typeof navigator == 'object' && navigator.serviceWorker &&
      navigator.serviceWorker.controller && typeof fetch == 'function') {
    // locateFile is not set up yet: the second part lies beside index.js.
    var base = (document.currentScript && document.currentScript.src) || location.href;
    early = fetch(new URL(FILE, base).href, { credentials: 'same-origin' })
      .then(function (response) {
        if (!response.ok) throw new Error(FILE + ': HTTP ' + response.status);
        return response.arrayBuffer();
      })
      .then(function (buffer) { held = new Uint8Array(buffer); })
      .catch(function () {});  // the paths below try again
    Module['preRun'] = [].concat(Module['preRun'] || [], function () {
      if (held) return;
      addRunDependency('kt-second-part');
      early.then(function () { removeRunDependency('kt-second-part'); });
    });
  }

  function instantiate(module) {
    held = null;  // compiled: the bytes are not needed again
    if (!loaded) {
      loaded = [new WebAssembly.Instance(module, { 'primary': Module['asm'] }), module];
      setTimeout(function () { waiting.splice(0).forEach(function (f) { f(); }); }, 0);
    }
    return loaded;
  }
  // Work that calls into the second part and can wait for it (web/page.js: the code font, the
  // recursion's panels).
  Module['whenSecondPart'] = function (f) {
    if (loaded) f(); else waiting.push(f);
  };
  Module['secondPartIn'] = function () { return !!loaded; };

  Module['loadSplitModule'] = function (file, imports, placeholder) {
    if (loaded) return loaded;
    Module['splitLoad'] = { 'by': 'call', 'placeholder': String(placeholder),
                            'afterFirstFrame': drawn };
    if (held) return instantiate(new WebAssembly.Module(held));
    var xhr = new XMLHttpRequest();
    xhr.open('GET', file, false);
    xhr.overrideMimeType('text/plain; charset=x-user-defined');
    xhr.send(null);
    if (xhr.status !== 200 && xhr.status !== 0) throw new Error(file + ': HTTP ' + xhr.status);
    var text = xhr.responseText, bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i) & 0xff;
    return instantiate(new WebAssembly.Module(bytes));
  };

  // After the first frame, when the page is idle: fetch and compile off the main thread, then
  // instantiate.
  function prefetch() {
    if (loaded || typeof fetch != 'function') return;
    (held ? Promise.resolve(held) : fetch(locateFile(FILE), { credentials: 'same-origin' })
      .then(function (response) {
        if (!response.ok) throw new Error(FILE + ': HTTP ' + response.status);
        return response.arrayBuffer();
      }))
      .then(function (buffer) { return WebAssembly.compile(buffer); })
      .then(function (module) {
        if (!loaded) Module['splitLoad'] = { 'by': 'idle', 'afterFirstFrame': true };
        return instantiate(module);
      })
      .catch(function () {});  // the synchronous path above fetches it when needed
  }
  var ready = Module['onAppReady'];
  Module['onAppReady'] = function () {
    requestAnimationFrame(function () { drawn = true; });
    if (ready) ready();
    if (typeof requestIdleCallback == 'function') requestIdleCallback(prefetch, { timeout: 1000 });
    else setTimeout(prefetch, 100);
  };

  // The runtime reports every call through a placeholder on printErr: not an error here.
  var printErr = Module['printErr'] || console.warn.bind(console);
  Module['printErr'] = function (text) {
    if (!/^(placeholder function called|instantiated deferred module)/.test(text)) printErr(text);
  };
})();
