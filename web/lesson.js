// A lesson: slides of a few sentences, each opening the explorer as its link says (the page's
// own link parameters) and asking for one thing to do: VisuAlgo's e-Lecture for the knight's
// tour. The page's own lesson is lessons/backtracking.json; a teacher's is any JSON file of the
// same shape served beside the page (docs/course-page.md):
//   {"title": "...", "slides": [{"title": "...", "text": "...", "do": "...", "link": "?..."}]}
// Loaded by web/page.js only when a lesson opens (lesson= in the link, or a first visit), so a
// visit without one downloads none of it. It talks to the page through Module.coursePage:
// applyQuery(query) opens a link in place, showMessages(list) says what was wrong.
(function () {
  'use strict';
  var OWN = 'lessons/backtracking.json';
  var MAX_SLIDES = 99;
  var SEEN = 'kt-lesson-seen';
  var el = function (id) { return document.getElementById(id); };
  var lesson = { data: null, file: '', at: 0 };

  function remember() {
    try { localStorage.setItem(SEEN, '1'); } catch (e) { /* private mode: asked again */ }
  }

  // What is wrong with a lesson's JSON, naming the field; '' when it can be shown.
  function problem(data) {
    if (!data || typeof data !== 'object') return 'it is not a JSON object';
    if (!Array.isArray(data.slides) || data.slides.length === 0) return '"slides" is not a list of slides';
    if (data.slides.length > MAX_SLIDES) return '"slides" has more than ' + MAX_SLIDES + ' slides';
    for (var i = 0; i < data.slides.length; i++) {
      var s = data.slides[i], where = 'slide ' + (i + 1);
      if (!s || typeof s !== 'object') return where + ' is not an object';
      var fields = ['title', 'text', 'do', 'link'];
      for (var f = 0; f < fields.length; f++) {
        var v = s[fields[f]];
        if (v !== undefined && typeof v !== 'string') return where + ': "' + fields[f] + '" is not text';
      }
      if (!s.title) return where + ': "title" is missing';
      if (s.link && s.link.charAt(0) !== '?') return where + ': "link" does not start with "?"';
    }
    return '';
  }

  function place() {  // the canvas starts below the slide (shell.html: --kt-lesson-h)
    var box = el('kt-lesson');
    document.documentElement.style.setProperty('--kt-lesson-h', box.offsetHeight + 'px');
  }

  function render() {
    var box = el('kt-lesson'), s = lesson.data.slides[lesson.at], n = lesson.data.slides.length;
    // The lesson's name, then where it stands (a phone shows only the latter: shell.html).
    var count = el('kt-lesson-count'), name = document.createElement('span');
    name.className = 'kt-lesson-name';
    name.textContent = lesson.data.title ? lesson.data.title + ': ' : '';
    count.textContent = '';
    count.appendChild(name);
    count.appendChild(document.createTextNode((lesson.at + 1) + ' of ' + n));
    el('kt-lesson-title').textContent = s.title;
    el('kt-lesson-text').textContent = s.text || '';
    el('kt-lesson-do').textContent = s.do || '';
    el('kt-lesson-prev').disabled = lesson.at === 0;
    el('kt-lesson-next').textContent = lesson.at + 1 < n ? 'Next' : 'Finish';
    box.hidden = false;
    document.documentElement.classList.add('kt-lesson');
    place();
  }

  // Slide i (0-based): its words, then its link, with lesson= saying where the lesson stands.
  function show(i) {
    var n = lesson.data.slides.length;
    lesson.at = Math.max(0, Math.min(n - 1, i));
    render();
    var s = lesson.data.slides[lesson.at];
    // A slide opens as its link says on a fresh page: watching, stepping by line, unless it
    // names another mode or granularity (the last slide's must not carry over).
    var a = Module.app();
    if (a.mode() !== 'watch') a.setMode('watch');
    a.setGranularity('line');
    var where = lesson.file ? lesson.file + '#' + (lesson.at + 1) : String(lesson.at + 1);
    var query = (s.link || '?') + ((s.link || '?').length > 1 ? '&' : '') + 'lesson=' +
                encodeURIComponent(where);
    Module.coursePage.applyQuery(query);
    var live = el('kt-live');
    if (live) live.textContent = 'Slide ' + (lesson.at + 1) + ' of ' + n + ': ' + s.title + '. ' +
                                 (s.text || '') + ' ' + (s.do || '');
  }

  function close() {
    el('kt-lesson').hidden = true;
    document.documentElement.classList.remove('kt-lesson');
    document.documentElement.style.setProperty('--kt-lesson-h', '0px');
    lesson.data = null;
    Module.coursePage.settings.lesson = '';
    remember();
  }

  // spec: a slide of the page's own lesson ("3"), or a file beside the page ("a.json#2").
  function open(spec) {
    var hash = spec.indexOf('#'), own = /^\d+$/.test(spec);
    var file = own ? OWN : hash < 0 ? spec : spec.slice(0, hash);
    var slide = own ? Number(spec) : hash < 0 ? 1 : Number(spec.slice(hash + 1));
    return fetch(file, { credentials: 'same-origin' })
      .then(function (r) {
        if (!r.ok) throw new Error('the server answered ' + r.status);
        return r.json();
      })
      .then(function (data) {
        var why = problem(data);
        if (why) throw new Error(why);
        lesson.data = data;
        lesson.file = own ? '' : file;
        remember();
        show(slide - 1);
      })
      .catch(function (e) {
        Module.coursePage.showMessages(['lesson: ' + file + ' could not be opened: ' +
                                        (e && e.message ? e.message : e)]);
      });
  }

  el('kt-lesson-prev').addEventListener('click', function () { show(lesson.at - 1); });
  el('kt-lesson-next').addEventListener('click', function () {
    if (lesson.at + 1 < lesson.data.slides.length) show(lesson.at + 1); else close();
  });
  el('kt-lesson-close').addEventListener('click', close);
  el('kt-lesson-why').addEventListener('click', function () {  // phones: the explanation
    var open = el('kt-lesson').classList.toggle('kt-why');
    el('kt-lesson-why').setAttribute('aria-expanded', String(open));
    place();
  });
  window.addEventListener('resize', function () { if (lesson.data) place(); });

  Module.lesson = {
    open: open,
    close: close,
    next: function () { if (lesson.data) show(lesson.at + 1); },
    previous: function () { if (lesson.data) show(lesson.at - 1); },
    // {open, slide (1-based), slides, title, file} for tests and course pages.
    state: function () {
      return { open: !!lesson.data, slide: lesson.at + 1,
               slides: lesson.data ? lesson.data.slides.length : 0,
               title: lesson.data ? lesson.data.slides[lesson.at].title : '', file: lesson.file };
    },
  };
})();
