// The course page's glue (--post-js, issue 9): URL settings in and out, Copy link / Embed /
// Export, keyboard shortcuts, the aria-live status and the finished tour as a table. The URL is
// parsed in C++ (Module.applyPageQuery, core parse_page_query); this file only applies what it
// returns and keeps the address bar in step. Every DOM element it uses is in shell.html; a page
// without them (the bare build) simply gets no course features.
(function () {
  'use strict';
  var MAX_SPEED = 60000000;  // steps per second: above, "as fast as the frame allows"
  var DEFAULT_VIEWS = ['code'];  // the teaching panels open when a link names none
  var TABLE_MAX = 4096;  // squares: larger tours are not put in the DOM (as the SVG's numbers)

  var el = function (id) { return document.getElementById(id); };
  var page = {
    settings: null,  // the link's settings as applied, then as the user changes them
    appliedSpeed: 0,  // steps per second we set: a different value means the user moved the slider
    appliedFastest: false,
    lastStatus: '',
    stepsLeft: 0,
  };
  Module.coursePage = page;  // for tests: page.settings, page.messages

  function app() { return Module.app && Module.app(); }

  function say(text) {  // the aria-live region: status changes for screen readers
    var live = el('kt-live');
    if (live && live.textContent !== text) live.textContent = text;
  }

  function showMessages(list) {
    page.messages = list.slice();
    var box = el('kt-messages');
    if (!box) return;
    box.textContent = '';
    if (!list.length) { box.hidden = true; return; }
    var head = document.createElement('strong');
    head.textContent = 'Some link settings were ignored (defaults used):';
    box.appendChild(head);
    var ul = document.createElement('ul');
    list.forEach(function (m) {
      var li = document.createElement('li');
      li.textContent = m;  // text, never HTML: values come from the link
      ul.appendChild(li);
    });
    box.appendChild(ul);
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Dismiss';
    close.onclick = function () { box.hidden = true; };
    box.appendChild(close);
    box.hidden = false;
  }

  // Links and the app both speak steps per second (the app keeps fractions: 0.5/s is exact).
  function applySpeed(speed) {
    var a = app();
    if (!a || !(speed > 0)) return;
    a.setStepsPerSecond(Math.min(speed, MAX_SPEED), speed >= MAX_SPEED);
    var now = a.speed();
    page.appliedSpeed = now.stepsPerSecond;
    page.appliedFastest = now.fastest;
    page.settings.speed = speed;
  }
  function changeSpeed(factor) {
    var a = app();
    var cur = page.settings.speed > 0 ? page.settings.speed : a.speed().stepsPerSecond;
    applySpeed(Math.max(0.5, Math.min(1e9, cur * factor)));
    sync();
  }

  // Right and Left: while the engine's run has not started and the recursion can be watched
  // (textbook or wirth), they step TryMove's run forward and back at the chosen granularity;
  // else Right is the engine's Step and Left says why there is no back.
  function teaching(a) {
    return a.state() === 'idle' && a.recursion().available;
  }
  function stepForward() {
    var a = app();
    if (teaching(a)) a.forward(1); else a.step();
  }
  function stepBack() {
    var a = app();
    if (teaching(a)) { a.back(1); return; }
    say(a.recursion().available ? 'Back steps the recursion: press Reset first.'
                                : 'Back needs the textbook or wirth method.');
  }

  // Runs page.stepsLeft single steps, a slice per animation frame, then leaves the app paused.
  function stepSome() {
    var a = app();
    var n = Math.min(page.stepsLeft, 20000);
    for (var i = 0; i < n && a.status() === 'running'; i++) a.step();
    page.stepsLeft = a.status() === 'running' ? page.stepsLeft - n : 0;
    if (page.stepsLeft > 0) requestAnimationFrame(stepSome);
  }

  function applyLink() {
    var s = Module.applyPageQuery(location.search);
    var messages = s.ignored.slice();
    if (s.error) messages.push('board: ' + s.error);
    page.settings = s;
    applySpeed(s.speed);
    if (s.views.length) app().setViews(s.views);
    if (s.listing) {
      var why = app().setListing(s.listing);
      if (why) messages.push(why);
    }
    document.documentElement.dataset.theme = s.theme || 'dark';
    // embed=1, or any small frame: the board first with the compact bar.
    var framed = window.self !== window.top && innerWidth <= 800;
    document.documentElement.classList.toggle('embed', s.embed || framed);
    Module.setBoardOnly(!!(s.embed || framed));
    showMessages(messages);
    fitEmbedBar();
    if (s.steps > 0) { page.stepsLeft = s.steps; stepSome(); }
    else if (s.run) app().run();
  }

  // Embed mode: the canvas ends where the control bar (one or two rows) begins.
  function fitEmbedBar() {
    var bar = el('kt-embed-bar');
    if (bar && bar.offsetHeight) {
      document.documentElement.style.setProperty('--kt-bar-h', bar.offsetHeight + 'px');
    }
  }

  // The address bar follows the app: its problem as edited, and the speed when the slider moved.
  function sync() {
    var a = app();
    if (!a || !page.settings) return;
    var sp = a.speed();
    if (sp.stepsPerSecond !== page.appliedSpeed || sp.fastest !== page.appliedFastest) {
      page.settings.speed = sp.fastest ? MAX_SPEED : Math.round(sp.stepsPerSecond * 1e6) / 1e6;
      page.appliedSpeed = sp.stepsPerSecond;
      page.appliedFastest = sp.fastest;
    }
    // The panels open, in the link only when they differ from the page's own.
    var views = a.views();
    page.settings.views = views.join() === DEFAULT_VIEWS.join() ? [] : views;
    // Re-read the problem only when the explorer's draft or the settings changed: a large
    // board's problem costs a parse.
    var key = Module.pageDraftVersion() + '|' + JSON.stringify(page.settings);
    if (key === page.syncedKey) { updateStatus(a); return; }
    page.syncedKey = key;
    var q = Module.livePageQuery(page.settings);
    if (q !== location.search) {
      history.replaceState(history.state, '', q || location.pathname);
    }
    var sq = Module.parsePageQuery(q);
    ['rows', 'cols', 'start', 'end', 'blocked', 'closed', 'method', 'order'].forEach(function (k) {
      page.settings[k] = sq[k];
    });
    page.syncedKey = Module.pageDraftVersion() + '|' + JSON.stringify(page.settings);
    updateStatus(a);
  }

  function statusText(a) {
    var st = a.status(), state = a.state();
    if (st === 'invalid') return 'Problem not accepted: ' + a.error();
    if (st === 'found') return 'Tour found: ' + a.depth() + ' squares.';
    if (st === 'none') return 'No tour: ' + a.reason();
    return state === 'running' ? 'Searching, depth ' + a.depth() + '.'
         : state === 'paused' ? 'Paused at depth ' + a.depth() + '.' : 'Ready.';
  }

  function updateStatus(a) {
    var text = statusText(a);
    // Announce changes of kind, not every depth while it runs.
    var kind = a.status() + '/' + a.state();
    if (kind !== page.lastStatus) {
      page.lastStatus = kind;
      say(text);
      renderTable(a);
    }
  }

  // The finished tour as a table for screen readers (and print): rows top first, as on screen.
  function renderTable(a) {
    var box = el('kt-table');
    if (!box) return;
    box.textContent = '';
    if (a.status() !== 'found') return;
    if (a.depth() > TABLE_MAX) {  // a million cells would stall the page and no one reads them
      box.textContent = 'The tour is too large for a table here; export it as text or JSON.';
      return;
    }
    var board = a.board();
    var table = document.createElement('table');
    var cap = document.createElement('caption');
    cap.textContent = 'Knight\'s tour, move number on each square (row ' + board.length +
                      ' at the top)';
    table.appendChild(cap);
    var cols = board.length ? board[0].length : 0;
    var head = document.createElement('tr');
    head.appendChild(document.createElement('td'));
    for (var c = 0; c < cols; c++) {
      var th = document.createElement('th');
      th.scope = 'col';
      th.textContent = c < 26 ? String.fromCharCode(97 + c) : String(c + 1);
      head.appendChild(th);
    }
    table.appendChild(head);
    board.forEach(function (row, i) {
      var tr = document.createElement('tr');
      var th = document.createElement('th');
      th.scope = 'row';
      th.textContent = String(board.length - i);
      tr.appendChild(th);
      row.forEach(function (v) {
        var td = document.createElement('td');
        td.textContent = v > 0 ? String(v) : v < 0 ? 'blocked' : '';
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    box.appendChild(table);
  }

  // --- links, embed, export -------------------------------------------------------------------
  function fullLink() { return location.href.split('#')[0]; }
  function embedSnippet() {
    var s = Object.assign({}, page.settings, { embed: true });
    var url = location.href.split('?')[0].split('#')[0] + Module.livePageQuery(s);
    return '<iframe src="' + url.replace(/&/g, '&amp;').replace(/"/g, '&quot;') +
           '" width="640" height="480" title="Knight\'s Tour Explorer" loading="lazy"></iframe>';
  }
  function copy(text, what) {
    var out = el('kt-copy-out');
    if (out) { out.value = text; out.hidden = false; out.select(); }
    var done = function () { say(what + ' copied.'); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () { say(what + ' ready to copy.'); });
    } else {
      say(what + ' ready to copy.');
    }
  }

  function download(name, blob) {
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 10000);
  }
  function svgText() { return Module.boardSvg(page.settings.theme === 'dark' ? 'dark' : 'light'); }
  function exportAs(kind) {
    var a = app();
    if (kind === 'text') return download('knights-tour.txt', new Blob([a.text()], { type: 'text/plain' }));
    if (kind === 'json') return download('knights-tour.json', new Blob([a.json()], { type: 'application/json' }));
    var svg = svgText();
    if (!svg) { say('This board is too large to draw as a picture; use text or JSON.'); return; }
    if (kind === 'svg') return download('knights-tour.svg', new Blob([svg], { type: 'image/svg+xml' }));
    // PNG: the SVG rasterised at the chosen width (the WebGL canvas is not kept between frames).
    var width = Math.max(64, Math.min(4096, Number((el('kt-png-size') || {}).value) || 1024));
    var img = new Image();
    img.onload = function () {
      var c = document.createElement('canvas');
      c.width = width;
      c.height = Math.max(1, Math.round(width * img.naturalHeight / img.naturalWidth));
      c.getContext('2d').drawImage(img, 0, 0, c.width, c.height);
      c.toBlob(function (b) { download('knights-tour.png', b); }, 'image/png');
    };
    img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  }

  // --- keyboard ---------------------------------------------------------------------------------
  function toggleHelp(show) {
    var h = el('kt-help');
    if (!h) return;
    h.hidden = show === undefined ? !h.hidden : !show;
    if (!h.hidden) h.querySelector('button').focus();
  }
  function onKey(e) {
    var t = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' ||
              (t.tagName === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')))) return;
    var a = app();
    if (!a) return;
    // Keys ImGui is typing into (its text fields) stay ImGui's.
    if (Module.imguiWantsText && Module.imguiWantsText()) return;
    var handled = true;
    var pan = { ArrowLeft: [80, 0], ArrowRight: [-80, 0], ArrowUp: [0, 80], ArrowDown: [0, -80] };
    if (e.shiftKey && pan[e.key]) {  // Shift+arrows pan the board (plain arrows step)
      a.panBy(pan[e.key][0], pan[e.key][1]);
      e.preventDefault(); e.stopPropagation();
      return;
    }
    switch (e.key) {
      case ']': case 'PageUp': a.zoomBy(1.5); break;  // zoom (the wheel zooms about the cursor)
      case '[': case 'PageDown': a.zoomBy(1 / 1.5); break;
      case '0': a.fitView(); break;
      case ' ': a.state() === 'running' ? a.pause() : a.run(); break;
      case 'ArrowRight': stepForward(); break;
      case 'ArrowLeft': stepBack(); break;
      case 'r': case 'R': a.reset(); break;
      case '+': case '=': changeSpeed(2); break;
      case '-': case '_': changeSpeed(0.5); break;
      case '?': toggleHelp(); break;
      case 'Escape': toggleHelp(false); break;
      default: handled = false;
    }
    if (handled) { e.preventDefault(); e.stopPropagation(); sync(); }
  }

  function wire() {
    var on = function (id, f) { var b = el(id); if (b) b.addEventListener('click', f); };
    on('kt-copy-link', function () { sync(); copy(fullLink(), 'Link'); });
    on('kt-embed', function () { sync(); copy(embedSnippet(), 'Embed code'); });
    on('kt-export-png', function () { exportAs('png'); });
    on('kt-export-svg', function () { exportAs('svg'); });
    on('kt-export-text', function () { exportAs('text'); });
    on('kt-export-json', function () { exportAs('json'); });
    on('kt-more', function () {
      var open = el('kt-toolbar').classList.toggle('open');
      el('kt-more').setAttribute('aria-expanded', String(open));
    });
    on('kt-help-open', function () { toggleHelp(true); });
    on('kt-help-close', function () { toggleHelp(false); });
    on('kt-run', function () { app().run(); sync(); });
    on('kt-pause', function () { app().pause(); sync(); });
    on('kt-step', function () { stepForward(); sync(); });
    on('kt-back', function () { stepBack(); sync(); });
    on('kt-reset', function () { app().reset(); sync(); });
    on('kt-slower', function () { changeSpeed(0.5); });
    on('kt-faster', function () { changeSpeed(2); });
    var open = el('kt-open-full');
    if (open) {
      open.addEventListener('click', function () {
        var s = Object.assign({}, page.settings, { embed: false });
        open.href = location.href.split('?')[0].split('#')[0] + Module.livePageQuery(s);
      });
    }
    // Capture phase: before GLFW's listeners on the window see Space and the arrows.
    window.addEventListener('keydown', onKey, true);
  }

  function start() {
    try {
      wire();
      applyLink();
      sync();
      setInterval(sync, 500);
      window.addEventListener('resize', fitEmbedBar);
    } catch (e) {  // the course features must never take the explorer down
      console.warn('course page: ' + e);
      showMessages(['The page could not apply its link settings: ' + e]);
    }
  }

  var ready = Module.onAppReady;
  Module.onAppReady = function () {
    if (ready) ready();
    if (Module.applyPageQuery && document.getElementById('kt-toolbar')) start();
  };
})();
