// The course page's glue (--post-js): URL settings in and out, Copy link / Embed /
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
    if (!a) return;
    if (!(speed > 0)) {  // the page's own pace: not written into the address bar
      page.appliedSpeed = a.speed().stepsPerSecond;
      page.appliedFastest = a.speed().fastest;
      return;
    }
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

  // Right and Left: Step and Back of the one run. Where the run is the recursion (textbook or
  // wirth, or auto's textbook search) they step it at the granularity chosen, forward and back;
  // else Right is the engine's Step and Left says why there is no back.
  function teaching(a) {
    var r = a.recursion();
    return r.isRun || (a.state() === 'idle' && r.available && a.mode() === 'watch');
  }
  function stepForward() {
    var a = app();
    var said = teaching(a);
    a.step();
    if (said) announceStep(true);
  }
  function stepBack() {
    var a = app();
    if (a.mode() === 'play') { a.undo(); return; }  // by hand, Back takes the last move back
    if (teaching(a)) { a.back(1); announceStep(true); return; }
    say(a.recursion().available ? 'Back goes with the recursion: it is not the run now.'
                                : 'Back needs the textbook or wirth method.');
  }

  // Runs page.stepsLeft single steps, a slice per animation frame, then leaves the app paused.
  function stepSome() {
    var a = app();
    var n = Math.min(page.stepsLeft, 20000);
    if (a.status() === 'running') a.stepMoves(n);  // moves, whichever machine runs
    page.stepsLeft = a.status() === 'running' ? page.stepsLeft - n : 0;
    if (page.stepsLeft > 0) requestAnimationFrame(stepSome);
  }

  // --- the exact position a link keeps -------------------------------------------------------
  // The recursion's line (step=), its granularity, the tour shown (tour=) and the board's mode
  // (mode=) are restored after the problem, a slice per animation frame, so that a link to a
  // far line or a late tour never freezes the page; page.restoring holds what is left to do
  // (null once done) and the address bar is not rewritten meanwhile.
  var LINES_PER_FRAME = 200000;
  function restorePosition(s) {
    var a = app();
    var r = { step: s.step || 0, tour: s.tour || 0, granularity: s.granularity || 'line',
              named: !!s.granularity, mode: s.mode || '', waits: 0 };
    page.restoring = r;
    var pace = a.speed();
    if (r.tour > 0 && a.tour().available) {
      a.setStepsPerSecond(MAX_SPEED, true);
      a.run();
    }
    function slice() {
      var a = app();
      if (r.tour > 0) {
        // The engine runs as fast as the frame allows; each tour found is verified at the next
        // frame, and only then does nextTour go on to the next one.
        var t = a.tour();
        var done = !t.available || t.index >= r.tour || a.status() === 'none';
        if (!done && a.state() === 'finished' && !a.nextTour()) done = ++r.waits > 30;
        if (done) {
          r.tour = 0;
          a.setStepsPerSecond(pace.stepsPerSecond, pace.fastest);
        }
        requestAnimationFrame(slice);
        return;
      }
      // Only a link that names the recursion's place makes the recursion now.
      var rec = r.step > 0 || r.named ? a.recursionPosition() : { available: false };
      if (r.step > 0 && rec.available) {
        a.setGranularity('line');
        var left = r.step - rec.lines;
        if (left > 0 && rec.status === 'running') {
          a.forward(Math.min(left, LINES_PER_FRAME));
          requestAnimationFrame(slice);
          return;
        }
      }
      if (rec.available) a.setGranularity(r.granularity);
      // A link that names no mode watches (a lesson's next slide opens in place of the last).
      if (a.mode() !== (r.mode || 'watch')) a.setMode(r.mode || 'watch');
      page.restoring = null;
      sync();
    }
    slice();
  }

  // The position now, for the address bar and Copy link: the recursion's line once it has
  // started, its granularity, a paused run's steps, the tour browsed to, the mode.
  function readPosition(a) {
    // Until the page's second part is in, a recursion no one has asked for is not made here.
    var held = Module.secondPartIn && !Module.secondPartIn();
    var rec = held ? { available: false } : a.recursionPosition();
    var st = page.settings;
    st.granularity = rec.available ? rec.granularity : '';
    st.step = rec.available && rec.lines > 0 ? rec.lines : 0;
    var mode = a.mode();
    st.mode = mode === 'watch' ? '' : mode;
    var t = a.tour();
    st.tour = t.available && a.state() === 'finished' && t.index > 0 ? t.index : 0;
    // The recursion's line says where a paused run stands; else its moves do.
    if (st.step > 0) st.steps = 0;
    else if (a.state() === 'paused' && !page.stepsLeft) st.steps = a.placed() + a.erased();
    else if (a.state() === 'idle' && !page.stepsLeft) st.steps = 0;
    if (st.tour > 0) { st.steps = 0; st.run = false; }
    var scale = a.codeScale ? a.codeScale() : 1;  // the code's font size travels with the link
    st.codeScale = Math.abs(scale - 1) > 1e-6 ? Math.round(scale * 1e6) / 1e6 : 0;
    if (a.listing && !held) {  // the course's listing; the method's own (Wirth's) goes unsaid
      var name = a.listing().name;
      st.listing = name === (a.config().method === 'wirth' ? 'wirth' : 'sutcliffe') ? '' : name;
    }
  }

  function applyLink() {
    var s = Module.applyPageQuery(location.search);
    var messages = s.ignored.slice();
    if (s.error) messages.push('board: ' + s.error);
    page.settings = s;
    applySpeed(s.speed);
    var projector = s.layout === 'projector';
    if (s.views.length) app().setViews(s.views);
    else if (projector) app().setViews(['code', 'stack']);
    if (s.codeScale > 0) app().setCodeScale(s.codeScale);
    // A room's screen: the code at 24 px at least (the page's text is 16 px).
    if (projector && app().codeScale() < 1.5) app().setCodeScale(1.5);
    if (s.listing) {
      var why = app().setListing(s.listing);
      if (why) messages.push(why);
    }
    document.documentElement.dataset.theme = s.theme || 'dark';
    // embed=1, or any small frame unless the link says embed=0: the board first with the
    // compact bar, and beside it the teaching panels the link names (views=).
    var framed = window.self !== window.top && innerWidth <= 800 && !s.embedOff;
    var embed = !!(s.embed || framed || projector);
    document.documentElement.classList.toggle('embed', embed);
    Module.setBoardOnly(embed);
    Module.setEmbedViews(embed && (s.views.length > 0 || projector));
    page.embedded = window.self !== window.top;
    showMessages(messages);
    fitEmbedBar();
    if (s.steps > 0) { page.stepsLeft = s.steps; stepSome(); }
    else if (s.run && !s.tour) app().run();
    restorePosition(s);
  }

  // A projector's window (landscape, narrower than a laptop's 1280) has the full explorer's code
  // in its side panel, 160 px wide. Once the code is enlarged for the room (24 px: scale 1.5,
  // A+ twice), the page takes the projector layout of its own (the board, the whole listing
  // beside it, the stack under the board, the bar's controls) and gives the full explorer back
  // when the code is made smaller (A-, or the bar's "Back to the full explorer") or the window
  // grows. A link's own layout, an embed and a lesson keep theirs.
  var ROOM_SCALE = 1.5, ROOM_WIDTH = 1200;
  function roomLayout(a) {
    var s = page.settings;
    if (!s || page.embedded || s.embed || s.layout || page.restoring) return;
    var want = innerWidth < ROOM_WIDTH && innerWidth >= innerHeight &&
               a.codeScale() >= ROOM_SCALE - 1e-6 && a.recursion().available &&
               !document.documentElement.classList.contains('kt-lesson');
    if (want === !!page.room) return;
    if (want) {
      page.room = { views: a.views() };
      // The room's size is 24 px (A+ twice from 16 px is 25, a row more than 1024x768 holds).
      if (a.codeScale() < ROOM_SCALE * 1.1) a.setCodeScale(ROOM_SCALE);
    }
    a.setViews(want ? ['code', 'stack'] : page.room.views);
    if (!want) page.room = null;
    document.documentElement.classList.toggle('embed', want);
    document.documentElement.classList.toggle('kt-room', want);
    Module.setBoardOnly(want);
    Module.setEmbedViews(want);
    var open = el('kt-open-full');
    if (open) open.textContent = want ? 'Back to the full explorer' : 'Open in the full explorer';
    fitEmbedBar();
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
    if (!a || !page.settings || page.restoring) return;
    var sp = a.speed();
    if (sp.stepsPerSecond !== page.appliedSpeed || sp.fastest !== page.appliedFastest) {
      page.settings.speed = sp.fastest ? MAX_SPEED : Math.round(sp.stepsPerSecond * 1e6) / 1e6;
      page.appliedSpeed = sp.stepsPerSecond;
      page.appliedFastest = sp.fastest;
    }
    roomLayout(a);
    // The panels open, in the link only when they differ from the page's own (the room
    // layout's are its own: the link keeps the reader's).
    var views = page.room ? page.room.views : a.views();
    page.settings.views = views.join() === DEFAULT_VIEWS.join() ? [] : views;
    readPosition(a);
    // Re-read the problem only when the explorer's draft or the settings changed: a large
    // board's problem costs a parse.
    var key = Module.pageDraftVersion() + '|' + JSON.stringify(page.settings);
    access.refresh();
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
    if (a.mode() !== 'watch') return a.banner().title + '.';  // predicting or playing
    if (st === 'invalid') return 'Problem not accepted: ' + a.error();
    // depth() is the last move's index: move depth() + 1 is on the board.
    var moves = a.depth() + 1;
    if (st === 'found') return 'Tour found: ' + moves + ' squares.';
    if (st === 'none') return 'No tour: ' + a.reason();
    return state === 'running' ? 'Searching, move ' + moves + '.'
         : state === 'paused' ? 'Paused at move ' + moves + '.' : 'Ready.';
  }

  function updateStatus(a) {
    var text = statusText(a);
    // Announce changes of kind, not every depth while it runs.
    var kind = a.status() + '/' + a.state() + '/' + a.mode() +
               (a.mode() === 'watch' ? '' : '/' + a.banner().title);
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
  // The text goes to the clipboard; only where the browser refuses is it shown, selected, in a
  // box to copy by hand, which goes away once the focus leaves it (it lies over the canvas).
  function copy(text, what) {
    var out = el('kt-copy-out');
    if (out) { out.value = text; out.hidden = true; }
    var byHand = function () {
      say(what + ' ready to copy.');
      if (!out) return;
      out.hidden = false;
      out.focus();
      out.select();
      out.onblur = function () { out.hidden = true; };
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { say(what + ' copied.'); }, byHand);
    } else {
      byHand();
    }
  }

  function download(name, blob) {  // web/export.js's, once it is in
    loadExport().then(function () { Module.saveBlob(name, blob); }, function (e) { say(e.message); });
  }
  // The board as it stands on screen: the game by hand or the recursion's run when the board
  // shows one (Module.exportBoard), else the engine's run.
  function shown(kind) {
    return Module.exportBoard ? Module.exportBoard(kind, page.settings.theme === 'dark' ? 'dark' : 'light')
                              : null;
  }
  function svgText() {
    var own = shown('svg');
    return own !== null ? own : Module.boardSvg(page.settings.theme === 'dark' ? 'dark' : 'light');
  }
  // The exports (web/export.js, a script beside the page) are fetched once the first frame is
  // drawn, with the page's second part, or at the first export if that comes sooner; until
  // then these stand in for them.
  var exportScript = null;
  function loadExport() {
    if (!exportScript) {
      exportScript = new Promise(function (ok, fail) {
        var s = document.createElement('script');
        s.src = typeof locateFile == 'function' ? locateFile('export.js') : 'export.js';
        s.onload = ok;
        s.onerror = function () { exportScript = null; fail(new Error('export.js could not be loaded')); };
        document.head.appendChild(s);
      });
    }
    return exportScript;
  }
  // A count saved in the browser's storage, and the offer to go on with it (web/saved_count.js).
  function lookForSavedCount() {
    var s = document.createElement('script');
    s.src = typeof locateFile == 'function' ? locateFile('saved_count.js') : 'saved_count.js';
    document.head.appendChild(s);
  }
  Module.exportTour = function (kind, options) {
    return loadExport().then(function () { return Module.exportTour(kind, options); },
      function (e) { return { state: 'failed', message: 'export: ' + e.message }; });
  };
  Module.exportStatus = function () { return null; };
  Module.stopExport = function () {};
  // Text, JSON and PNG are made in slices between frames, with progress and Stop (web/export.js);
  // the SVG, drawn only for boards small enough, at once.
  function exportAs(kind) {
    if (kind !== 'svg') {
      var size = Number((el('kt-png-size') || {}).value) || 1024;
      return Module.exportTour(kind, { size: size, fromClick: true }).then(function (r) { say(r.message); });
    }
    var svg = svgText();
    if (!svg) { say('This board is too large to draw as a picture; use text, JSON or PNG.'); return; }
    download('knights-tour.svg', new Blob([svg], { type: 'image/svg+xml' }));
  }

  // --- the accessible layer ------------------------------------------------------------------
  // Every control of the explorer's panel as a real HTML element, in the panel's order, in
  // #kt-a11y (visually hidden): Tab reaches them, screen readers name them, and each calls the
  // same state function as its ImGui widget (through Module.app() and the page bindings). The
  // widget it stands for (its WidgetRects label) gets a focus ring on the canvas. Entries:
  // [kind, accessible name, widget, what it calls, what it reads back, options]; kinds: h a
  // group's heading, b button, t text field, n number field, s select, c checkbox. What it
  // calls: a function, a problem field (Module.setPanelField), a teaching panel (its view), or
  // the name of an app() method (then a Module one) given the control's value; read back: the
  // name of an app() method or a function.
  var OPT = function (list) { return list.split(' ').map(function (o) { return [o, o]; }); };
  // Options named in words (the value is the app's id).
  var WORDS = function (pairs) { return pairs; };
  var CONTROLS = [['h', 'Board']].concat([5, 6, 7, 8].map(function (n) {
    return ['b', n + 'x' + n, n + 'x' + n, function () { Module.setBoardSize(n); }];
  }), [
    ['t', 'Rows', 'Rows', 'rows'], ['t', 'Cols', 'Cols', 'cols'],
    // Other pieces and wrapped boards: the box shows their fields (the panel draws them only then).
    ['c', 'Other pieces, wrapped boards', 'PieceHeader', 'pieceOpen'],
    ['s', 'Piece', 'Piece', 'leaper', 0, WORDS([['', 'knight'], ['1,3', 'camel'], ['2,3', 'zebra'], ['1,4', 'giraffe']])],
    ['t', 'Jump a,b', 'Leaper', 'leaper'],
    ['s', 'Board edges', 'Wrap', 'wrap', 0, WORDS([['', 'none'], ['cylinder', 'cylinder'], ['torus', 'torus']])],
    ['s', 'Method', 'Method', 'method'],
    ['c', 'Closed tour', 'Closed', 'closed'], ['t', 'Start', 'Start', 'start'], ['t', 'End', 'End', 'end'],
    ['s', 'Click on the board sets', 'Click:start', 'setClickMode', 'clickMode',
     WORDS([['start', 'the start square'], ['end', 'the end square'], ['block', 'a blocked square']])],
    ['b', 'Clear blocked', 'ClearBlocked', 'clearBlocked'],
    ['h', 'Search'], ['b', 'Run', 'Run', 'run'], ['b', 'Pause', 'Pause', 'pause'],
    ['b', 'Step', 'Step', 'step'], ['b', 'Reset', 'Reset', 'reset'],
    ['n', 'Speed, steps per second', 'Speed', function (v) { applySpeed(Number(v)); },
     function (a) { return a.speed().stepsPerSecond; }],
    ['c', 'As fast as the frame allows', 'Fastest', function (on) {
      var a = app(); a.setStepsPerSecond(a.speed().stepsPerSecond, on); },
     function (a) { return a.speed().fastest; }],
    ['b', 'Previous tour', 'PreviousTour', 'previousTour'], ['b', 'Next tour', 'NextTour', 'nextTour'],
    ['s', 'What a click on the board does', 'Mode:watch', 'setMode', 'mode',
     WORDS([['watch', 'watch: edit the board and watch the search'],
            ['predict', 'predict the next move'], ['play', 'play the tour by hand']])],
    ['g', 'Board', 'Board'],
    ['b', 'Undo the last move', 'PlayUndo', 'undo'], ['b', 'Hint', 'PlayHint', 'hint'],
    ['b', 'Show the move', 'PredictShow', function () {
      var a = app(); if (a.recursion().status === 'running') a.predict(0, 0); }],
    ['h', 'Watch the recursion'],
    ['s', 'Step the recursion by', 'Granularity', 'setGranularity', 'granularity',
     WORDS([['line', 'a line'], ['move', 'a move'], ['dead-end', 'a dead end'], ['tour', 'a tour']])],
    ['b', 'Back', 'TeachBack', stepBack],
    ['b', 'Step the recursion', 'TeachStep', stepForward],
    ['b', 'Play or pause the recursion', 'TeachPlay', function () {
      var a = app(); a.teachPlay(!a.recursion().playing); }],
    ['b', 'Step over', 'StepOver', 'stepOver'], ['b', 'Step out', 'StepOut', 'stepOut'],
    ['b', 'Restart the recursion', 'TeachRestart', 'teachRestart'],
    ['c', 'Show the code', 'Tab:Code', 'code'],
    ['s', 'Listing', 'Listing', 'setListing', function (a) { return a.listing().name; }],
    ['b', 'Smaller code', 'CodeSmaller', function () {
      var a = app(); a.setCodeScale(a.codeScale() / 1.25); }],
    ['b', 'Larger code', 'CodeLarger', function () {
      var a = app(); a.setCodeScale(a.codeScale() * 1.25); }],
    ['c', 'Show the call stack', 'Tab:Stack', 'stack'],
    ['c', 'Show the tree by depth', 'Tab:Tree', 'tree'],
    ['c', 'Show Knuth\'s estimate', 'Tab:Estimate', 'estimate'],
    ['h', 'Count tours (exact)'],
    ['s', 'Tours to count', 'CountKind', 'setCountKind', function (a) { return a.countState().kind; },
     WORDS([['from-start', 'open tours from the start square'], ['all-open', 'all open tours'],
            ['closed', 'closed tours']])],
    ['s', 'Counter', 'Counter', 'setCounter', 0, OPT('auto search rows')],
    // Count says its forecast first; a long one waits for Count anyway (the panel's own buttons).
    ['b', 'Count', 'Count', function () {
      var a = app(), why = a.countStart(), c = a.countState();
      say(why || c.forecast + (c.state === 'asking' ? ' Count anyway?' : ''));
    }], ['b', 'Stop', 'Stop', 'countStop'],
    ['b', 'Count anyway', 'CountAnyway', 'countConfirm'], ['b', 'Cancel the count', 'CountCancel', 'countCancel'],
    ['b', 'Classes and ends', 'Study', 'studyStart'], ['b', 'Stop the study', 'StudyStop', 'studyStop'],
    ['h', 'The board'], ['b', 'Fit', 'Fit', 'fitView'],
  ]);
  var FIELDS = { rows: 1, cols: 1, start: 1, end: 1, method: 1, closed: 1, leaper: 1, wrap: 1, pieceOpen: 1 };
  var PANELS = { code: 1, stack: 1, tree: 1, estimate: 1 };

  var access = {
    items: [],
    // Until a key, a touch or a focus here, the controls show the link's problem only: what
    // they read then is in the page's second part (web/split_loader.js), which the first
    // frame and a mouse user's visit need not wait for.
    live: false,
    later: function () {
      if (access.live || !access.items.length) return;
      access.live = true;
      var methods = el('kt-a11y').querySelector('[data-widget=Method]');
      Module.methodNames().forEach(function (m) { methods.add(new Option(m, m)); });
      var listings = el('kt-a11y').querySelector('[data-widget=Listing]');
      app().listing().names.forEach(function (n) { listings.add(new Option(n, n)); });
      access.refresh();
      setInterval(announceStep, 250);
    },
    build: function () {
      var box = el('kt-a11y');
      if (!box) return;
      CONTROLS.forEach(function (c) {
        var kind = c[0], does = c[3], node = document.createElement(
          { h: 'h2', b: 'button', s: 'select' }[kind] || 'input');
        if (kind === 'g') {  // the board: a cursor moved by the arrow keys (boardKey)
          node = document.createElement('button');
          node.setAttribute('aria-roledescription', 'board');
        }
        if (kind === 'h' || kind === 'b' || kind === 'g') node.textContent = c[1];
        else node.setAttribute('aria-label', c[1]);
        box.appendChild(node);
        if (kind === 'h') return;
        if (kind === 'b' || kind === 'g') node.type = 'button';
        else if (kind !== 's') node.type = { c: 'checkbox', n: 'number' }[kind] || 'text';
        (c[5] || []).forEach(function (o) { node.add(new Option(o[1], o[0])); });
        node.dataset.widget = c[2];
        node.kt = c;
        var act = function () {
          var v = kind === 'c' ? node.checked : node.value, a = app();
          if (node.getAttribute('aria-disabled') === 'true') return;
          if (typeof does === 'function') does(v);
          else if (FIELDS[does]) { var why = Module.setPanelField(does, v); if (why) say(why); }
          else if (PANELS[does]) {  // a teaching panel: open or closed
            var views = a.views().filter(function (n) { return n !== does; });
            a.setViews(v ? views.concat([does]) : views);
          } else if (kind === 'b') (a[does] ? a : Module)[does]();  // Embind counts arguments
          else (a[does] ? a : Module)[does](v);
          sync();
          access.refresh();
        };
        if (kind === 'g') {
          node.addEventListener('click', function () { boardPick(node); });
        } else {
          node.addEventListener(kind === 'b' ? 'click' : 'change', act);
        }
        node.addEventListener('focus', function () {
          access.later();
          Module.setFocusWidget(kind === 'g' ? 'Square:' + board.x + ',' + board.y : c[2]);
          access.refresh();
        });
        node.addEventListener('blur', function () { Module.setFocusWidget(''); });
        access.items.push(node);
      });
    },
    // The controls follow the explorer: values (but the one being edited), and greyed out
    // where the panel greys out its widget or does not draw it (aria-disabled keeps the focus).
    refresh: function () {
      var a = app(), live = access.live;
      if (!a) return;
      if (live) codeText(a);
      var cfg = live ? a.config() : page.settings || {}, views = a.views();
      access.items.forEach(function (node) {
        var c = node.kt, read = live && c[4];
        if (c[0] === 'g') { boardLabel(node); return; }
        if (live) {
          node.setAttribute('aria-disabled', String(!Module.widgetEnabled(c[2])));
          // What the panel does not draw (a closed section, another mode's buttons) is not in
          // the Tab order either.
          node.hidden = !Module.widgetDrawn(c[2]) && node !== document.activeElement;
        }
        if (node === document.activeElement && node.tagName !== 'BUTTON') return;
        var v = FIELDS[c[3]] ? cfg[c[3]] : PANELS[c[3]] ? views.indexOf(c[3]) >= 0
              : typeof read === 'function' ? read(a) : read ? a[read]() : undefined;
        if (v === undefined) return;
        if (node.type === 'checkbox') node.checked = !!v;
        else if (String(node.value) !== String(v)) node.value = v;
      });
    },
  };

  // --- the board by keyboard ---------------------------------------------------------------------
  // The accessible layer's Board: the arrow keys move a cursor over the squares (ringed on the
  // canvas), Enter or Space clicks the square under it (sets the start, an end or a blocked
  // square; predicts; plays a move), and its name says the square and what is on it.
  var board = { x: 1, y: 1 };
  // The board as it is shown: the game by hand, the recursion's, or the search's; rows top first.
  function shownRows(a, c) {
    var mode = a.mode();
    if (mode === 'play') {
      var rows = [];
      for (var r = 0; r < c.rows; r++) rows.push(new Array(c.cols).fill(0));
      a.play().path.forEach(function (sq, i) { rows[c.rows - sq[1]][sq[0] - 1] = i + 1; });
      return rows;
    }
    var rec = a.recursion();
    return (mode === 'predict' || rec.isRun) && rec.board ? rec.board : a.board();
  }
  // The move on square (x, y) as shown (0 free, -1 blocked): the game's, the recursion's, or the
  // search's and the construction's, asked for that square alone (their whole board, made for
  // one square's words at every refresh, took seconds a time on a 10^8-square tour).
  function squareMove(a, c, x, y) {
    var mode = a.mode(), rec = mode === 'play' ? null : a.recursion();
    if (mode === 'play' || ((mode === 'predict' || rec.isRun) && rec.board)) {
      var rows = shownRows(a, c);
      return rows.length ? rows[c.rows - y][x - 1] : 0;
    }
    var m = a.moveAt(x, y);
    return m === null ? 0 : m;
  }
  function squareWords(a, x, y) {
    var c = a.config(), v = squareMove(a, c, x, y);
    var file = c.cols <= 26 ? String.fromCharCode(96 + x) : String(x);
    var name = file + y + ' (' + x + ',' + y + ')';
    return name + (v > 0 ? ', move ' + v : v < 0 ? ', blocked' : ', free');
  }
  function boardLabel(node) {
    var a = app();
    if (!a || !access.live) return;
    var c = a.config();
    board.x = Math.min(Math.max(1, board.x), c.cols);
    board.y = Math.min(Math.max(1, board.y), c.rows);
    node.textContent = 'Board, ' + c.cols + ' by ' + c.rows + ': ' + squareWords(a, board.x, board.y) +
                       '. Arrow keys move, Home goes to a1, Enter picks the square.';
  }
  function boardPick(node) {
    var a = app();
    var what = a.clickSquare(board.x, board.y);
    sync();
    var b = a.banner();
    say((what === 'ignored' ? 'Nothing to do on that square. ' : '') + b.title + '. ' +
        b.detail.split('\n')[0]);
    boardLabel(node);
  }
  function boardKey(e, node) {
    var a = app(), c = a.config();
    var d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    // Home and End: the corners a1 and the top right, a known place to count from.
    var corner = { Home: [1, 1], End: [c.cols, c.rows] }[e.key];
    if (d || corner) {
      board.x = corner ? corner[0] : Math.min(Math.max(1, board.x + d[0]), c.cols);
      board.y = corner ? corner[1] : Math.min(Math.max(1, board.y + d[1]), c.rows);
      Module.setFocusWidget('Square:' + board.x + ',' + board.y);
      boardLabel(node);
    } else if (e.key === 'Enter' || e.key === ' ') {
      boardPick(node);
    } else {
      return false;
    }
    e.preventDefault();
    return true;
  }

  // The code, its line and the stack as text a screen reader can reach (#kt-code).
  function codeText(a) {
    var box = el('kt-code');
    if (!box) return;
    var r = a.recursion();
    var l = r.available ? a.listing() : null;
    var key = l ? l.name + '|' + l.current + '|' + r.lines : '';
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.textContent = '';
    if (!l || !l.lines) return;
    var h = document.createElement('h2');
    h.textContent = l.title + ', line ' + l.current + ' runs next';
    box.appendChild(h);
    var ol = document.createElement('ol');
    l.lines.forEach(function (text, i) {
      var li = document.createElement('li');
      li.textContent = text.trim() || '(blank)';
      if (l.currentLines.indexOf(i + 1) >= 0) li.setAttribute('aria-current', 'step');
      ol.appendChild(li);
    });
    box.appendChild(ol);
    var locals = document.createElement('p');
    var v = a.locals();
    locals.textContent = 'Locals: ' + Object.keys(v).map(function (k) {
      return k + ' = ' + v[k]; }).join(', ');
    box.appendChild(locals);
    var stack = document.createElement('ol');
    stack.setAttribute('aria-label', 'Call stack, outermost first');
    (r.stack || []).forEach(function (f) {
      var li = document.createElement('li');
      li.textContent = f.call;
      stack.appendChild(li);
    });
    box.appendChild(stack);
  }

  // --- the recursion said aloud ---------------------------------------------------------------
  // Each step of the watched recursion in words (Module.recursionWords) in #kt-steps: at once
  // after a step asked for, else (playing) at most every 1.5 s, so a fast run is not a flood.
  var spoken = { text: '', at: 0 };
  function announceStep(now) {
    var box = el('kt-steps');
    if (!box || !app()) return;
    var text = Module.recursionWords();
    var a = app(), l = text && a.recursion().available ? a.listing() : null;
    if (l && l.lines && l.current > 0) {  // the line that runs next, as the listing prints it
      text += '. Next, line ' + l.current + ': ' + l.lines[l.current - 1].trim();
    }
    var t = performance.now();
    if (now !== true && (text === spoken.text || t - spoken.at < 1500)) return;
    // A step asked for is said even when its words are the last ones (a screen reader
    // announces a change only): a trailing no-break space alternates.
    if (text === spoken.text && box.textContent === text) text += '\u00a0';
    spoken.text = text.trim();
    spoken.at = t;
    box.textContent = text;
  }

  // --- touch ----------------------------------------------------------------------------------
  // A finger's drag off the board scrolls the ImGui window under it (the panel, an open list)
  // pixel for pixel, then glides on with the release's speed; the board's own gestures are
  // web/main.cpp's. After a tap the browser leaves ImGui's mouse where the finger was, which
  // would keep a hover highlight or tooltip: a few frames later (the tap's click is seen by
  // then) the mouse is moved off the canvas. Frames grow to touch size while the last pointer
  // was a finger (or the screen's pointer is coarse).
  var touch = {
    install: function () {
      var c = Module.canvas, g = null, glide = 0;
      var coarse = !!(window.matchMedia && matchMedia('(pointer: coarse)').matches);
      var size = function (on) {  // the explorer's frames and the page's buttons alike
        Module.setTouchTargets(on);
        document.documentElement.classList.toggle('kt-touch', on);
      };
      size(coarse);  // before the first frame: no jump under a finger
      // After a few frames: the press that changed the pointer lands on the layout it saw.
      var later = function (f) {
        var a = app(), f0 = a ? a.frames() : 0;
        (function wait() { if (a && a.frames() < f0 + 4) requestAnimationFrame(wait); else f(); })();
      };
      window.addEventListener('pointerup', function (e) {
        var fingers = e.pointerType === 'touch' || (e.pointerType !== 'mouse' && coarse);
        later(function () { size(fingers); });
      }, true);
      var at = function (e) {
        var r = c.getBoundingClientRect(), p = e.touches[0] || e.changedTouches[0];
        return { x: p.clientX - r.left, y: p.clientY - r.top, t: performance.now() };
      };
      c.addEventListener('touchstart', function (e) {
        access.later();
        cancelAnimationFrame(glide);
        var a = app(), p = at(e);
        g = a && e.touches.length === 1 && !a.overBoard(p.x, p.y) ? { p: p, vx: 0, vy: 0, moved: 0 } : null;
      }, { passive: true });
      // Up and down scrolls the panel; sideways, a pane's long rows (the stack in an embed).
      c.addEventListener('touchmove', function (e) {
        if (!g || e.touches.length !== 1) return;
        var p = at(e), dx = p.x - g.p.x, dy = p.y - g.p.y, dt = Math.max(1, p.t - g.p.t);
        g.moved += Math.abs(dx) + Math.abs(dy);
        if (g.moved < 8) return;  // a tap's wobble
        e.preventDefault();
        Module.touchScroll(p.x, p.y, dx, dy);
        g.vx = 0.8 * (dx / dt) + 0.2 * g.vx;
        g.vy = 0.8 * (dy / dt) + 0.2 * g.vy;
        g.p = p;
      }, { passive: false });
      var end = function () {
        later(function () {  // the hover left by a tap
          c.dispatchEvent(new MouseEvent('mousemove', { clientX: -1e4, clientY: -1e4, bubbles: true }));
        });
        if (!g || g.moved < 8 || performance.now() - g.p.t > 100) { g = null; return; }
        var vx = g.vx, vy = g.vy, x = g.p.x, y = g.p.y, last = performance.now();
        g = null;
        (function step(t) {  // momentum: the speed decays by 5% every 16 ms
          var dt = Math.min(50, t - last || 16);
          last = t;
          var k = Math.pow(0.95, dt / 16);
          vx *= k;
          vy *= k;
          if (Math.max(Math.abs(vx), Math.abs(vy)) > 0.02 &&
              Module.touchScroll(x, y, vx * dt, vy * dt)) glide = requestAnimationFrame(step);
        })(performance.now());
      };
      c.addEventListener('touchend', end);
      c.addEventListener('touchcancel', end);
    },
  };

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
    if (t && t.dataset && t.dataset.widget === 'Board') {  // the board's own cursor keys
      if (boardKey(e, t)) { e.stopPropagation(); return; }
    }
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
      case 'u': case 'U': if (a.mode() === 'play') a.undo(); else handled = false; break;
      case 'h': case 'H': if (a.mode() === 'play') a.hint(); else handled = false; break;
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
    on('kt-lesson-open', function () { openLesson('1'); });
    on('kt-help-close', function () { toggleHelp(false); });
    on('kt-run', function () { app().run(); sync(); });
    on('kt-pause', function () { app().pause(); sync(); });
    on('kt-step', function () { stepForward(); sync(); });
    on('kt-back', function () { stepBack(); sync(); });
    on('kt-reset', function () { app().reset(); sync(); });
    on('kt-slower', function () { changeSpeed(0.5); });
    on('kt-code-smaller', function () { var a = app(); a.setCodeScale(a.codeScale() / 1.25); sync(); });
    on('kt-code-larger', function () { var a = app(); a.setCodeScale(a.codeScale() * 1.25); sync(); });
    // The embed bar's Listing: filled once the page's second part (the listings) is in.
    var listing = el('kt-listing');
    if (listing) {
      var fill = function () {
        var l = app().listing();
        l.names.forEach(function (n) { listing.add(new Option(n, n)); });
        listing.value = l.name;
        listing.hidden = false;
      };
      if (Module.whenSecondPart) Module.whenSecondPart(fill); else setTimeout(fill, 0);
      listing.addEventListener('change', function () {
        var why = app().setListing(listing.value);
        if (why) say(why);
        sync();
      });
    }
    on('kt-faster', function () { changeSpeed(2); });
    var open = el('kt-open-full');
    if (open) {
      open.addEventListener('click', function (e) {
        if (page.room) {  // the projector layout the page chose: the code back to 20 px
          e.preventDefault();
          var a = app();
          a.setCodeScale(ROOM_SCALE / 1.25);
          sync();
          return;
        }
        var s = Object.assign({}, page.settings, { embed: false });
        open.href = location.href.split('?')[0].split('#')[0] + Module.livePageQuery(s);
      });
    }
    wireWheel();
  }

  // In a course page the wheel scrolls the page, as over any picture, unless the board has the
  // focus (a click on it; a click elsewhere or leaving the frame gives it back); Ctrl+wheel
  // zooms the board always. Capture phase on the window: before GLFW's listener on the canvas,
  // which would zoom and keep the page from scrolling.
  function wireWheel() {
    var canvas = el('canvas');
    if (!canvas) return;
    page.boardFocused = false;
    canvas.addEventListener('pointerdown', function () { page.boardFocused = true; });
    window.addEventListener('pointerdown', function (e) {
      if (e.target !== canvas) page.boardFocused = false;
    }, true);
    window.addEventListener('blur', function () { page.boardFocused = false; });
    window.addEventListener('wheel', function (e) {
      if (!page.embedded || e.ctrlKey || page.boardFocused) return;
      e.stopImmediatePropagation();  // the page scrolls: the default action stays
    }, { capture: true, passive: true });
  }

  // Registered as this script loads, before GLFW's listeners on the window (main() adds them),
  // so that they run first: the shortcuts, and keys meant for the page's own controls (Tab
  // included: GLFW would cancel it and keep the focus in the page body) never reach ImGui.
  var started = false;
  function earlyKey(e) {
    if (started && e.type === 'keydown') onKey(e);
    if (started) access.later();  // keyboard users: the accessible controls follow the app
    var t = e.target;
    if (e.defaultPrevented || e.key === 'Tab' ||
        (t && t.closest && t.closest('#kt-a11y, .kt-bar, #kt-help, #kt-messages, textarea'))) {
      e.stopImmediatePropagation();
    }
  }
  ['keydown', 'keypress', 'keyup'].forEach(function (k) {
    window.addEventListener(k, earlyKey, true);
  });

  // --- lessons (web/lesson.js) ----------------------------------------------------------------
  // A link's lesson= opens it; a first visit (no link settings, not embedded, no lesson seen in
  // this browser) opens the page's own at its first slide. lesson.js is fetched only then, after
  // the first frame.
  page.applyQuery = function (query) {
    history.replaceState(history.state, '', query);
    applyLink();
    sync();
  };
  page.showMessages = showMessages;
  function lessonWanted(bare) {
    if (page.settings.lesson) return page.settings.lesson;
    var seen = true;
    try { seen = !!localStorage.getItem('kt-lesson-seen'); } catch (e) { /* storage off */ }
    var framed = window.self !== window.top;
    return !seen && !framed && bare && el('kt-lesson') ? '1' : '';
  }
  function openLesson(spec) {
    if (Module.lesson) { Module.lesson.open(spec); return; }
    var script = document.createElement('script');
    script.src = typeof locateFile == 'function' ? locateFile('lesson.js') : 'lesson.js';
    script.onload = function () { Module.lesson.open(spec); };
    script.onerror = function () { showMessages(['lesson: lesson.js could not be loaded']); };
    document.head.appendChild(script);
  }
  Module.openLesson = openLesson;

  function start() {
    try {
      wire();
      started = true;
      access.build();
      var bare = !location.search;  // a first visit: the page's address alone
      applyLink();
      var later = function () { loadExport(); lookForSavedCount(); };
      if (Module.whenSecondPart) Module.whenSecondPart(later); else setTimeout(later, 0);
      var wanted = lessonWanted(bare);
      if (wanted) setTimeout(function () { openLesson(wanted); }, 0);
      sync();
      setInterval(sync, 500);
      window.addEventListener('resize', function () { fitEmbedBar(); sync(); });
      // The bar's height changes with what it shows (the Listing comes with the second part,
      // a narrow frame wraps it): the canvas follows it, or the app draws for a stale height.
      if (window.ResizeObserver && el('kt-embed-bar')) {
        new ResizeObserver(fitEmbedBar).observe(el('kt-embed-bar'));
      }
    } catch (e) {  // the course features must never take the explorer down
      console.warn('course page: ' + e);
      showMessages(['The page could not apply its link settings: ' + e]);
    }
  }

  // The code pane's monospace font is fetched after the first frame, which then downloads less;
  // until it comes the code shows in the text font. It is handed over once the page's second
  // part is in (Module.whenSecondPart, web/split_loader.js), which holds the code that takes it.
  function fetchCodeFont() {
    if (!Module.setCodeFont || typeof fetch != 'function') return;
    var file = typeof locateFile == 'function' ? locateFile('code-font.ttf') : 'code-font.ttf';
    fetch(file, { credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.arrayBuffer() : null; })
      .then(function (buffer) {
        if (!buffer) return;
        var give = function () { Module.setCodeFont(new Uint8Array(buffer)); };
        if (Module.whenSecondPart) Module.whenSecondPart(give); else give();
      })
      .catch(function () {});  // the text font stays: the code is as readable, less aligned
  }
  // onAppReady comes inside the first frame's callback: a fetch begun there may end before the
  // frame is on screen, so it begins with the next animation frame, once the page is idle.
  var onAppReady = Module.onAppReady;
  Module.onAppReady = function () {
    if (onAppReady) onAppReady();
    requestAnimationFrame(function () {
      if (typeof requestIdleCallback == 'function') {
        requestIdleCallback(fetchCodeFont, { timeout: 500 });
      } else {
        setTimeout(fetchCodeFont, 50);
      }
    });
  };

  // The link is applied as soon as main() has made the app, before the first frame and before
  // any script can call Module.app(): a configureProblem() or run() called that early comes
  // after the link and is kept.
  Module.postRun = [].concat(Module.postRun || [], function () {
    if (Module.whenSecondPart && Module.holdTeaching) {  // the recursion's code comes second
      Module.holdTeaching(true);
      Module.whenSecondPart(function () { Module.holdTeaching(false); access.later(); });
    }
    touch.install();
    // The canvas is drawn only when its picture changes: a tab shown again, or a page back from
    // the browser's cache, is drawn once in case the browser let its picture go.
    var redraw = function () { var a = app(); if (a && !document.hidden) a.redraw(); };
    document.addEventListener('visibilitychange', redraw);
    window.addEventListener('pageshow', function (e) { if (e.persisted) redraw(); });
    if (Module.applyPageQuery && document.getElementById('kt-toolbar')) start();
  });
})();
