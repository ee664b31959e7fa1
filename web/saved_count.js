// The offer to go on with a count saved in the browser's storage. A count by rows in the counting
// worker saves itself as it goes into the origin private file system (web/opfs_save.hpp,
// web/count_worker_post.js: the folder kt-count, its description count.json). This script,
// beside the page and fetched once the page's second part is in (web/page.js; never in the first
// frame), reads that description, hands it to the app (Module.ktSavedCount, which
// Module.app().savedCount() checks and words), and when there is one shows the offer: which
// board, how far, Go on / Discard. Module.ktDiscardSavedCount removes it. And it measures the
// room the storage has for a count's states (Module.ktStorageRoom).
(function () {
  'use strict';
  var box = null;

  function hide() {
    if (box) box.remove();
    box = null;
  }

  function folder() {
    return navigator.storage.getDirectory().then(function (root) {
      return root.getDirectoryHandle('kt-count');
    });
  }

  // count.json's text, parsed; null where there is none (no folder, an empty description: no
  // save yet, or the count finished).
  function read() {
    if (!(navigator.storage && navigator.storage.getDirectory)) return Promise.resolve(null);
    return folder()
      .then(function (dir) { return dir.getFileHandle('count.json'); })
      .then(function (file) { return file.getFile(); })
      .then(function (file) { return file.text(); })
      .then(function (text) { return text.trim() ? JSON.parse(text) : null; })
      .catch(function () { return null; });
  }

  function ago(ms) {
    var minutes = Math.max(0, Math.round((Date.now() - ms) / 60000));
    if (minutes < 1) return 'just now';
    if (minutes < 120) return minutes + ' min ago';
    var hours = Math.round(minutes / 60);
    return hours < 48 ? hours + ' hours ago' : Math.round(hours / 24) + ' days ago';
  }

  function button(text, onclick) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.onclick = onclick;
    b.style.cssText = 'color:#111;background:#fff;margin:6px 8px 0 0;min-height:32px';
    return b;
  }

  // The offer, as the page's other notes (#kt-messages' place and colours).
  function offer(saved) {
    hide();
    box = document.createElement('div');
    box.id = 'kt-saved-count';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;left:50%;transform:translateX(-50%);bottom:48px;' +
      'max-width:min(36em,90vw);padding:8px 12px;border-radius:6px;background:#2a2f37;' +
      'color:#eee;font:14px system-ui,sans-serif;box-shadow:0 2px 8px #0008;z-index:5';
    var text = document.createElement('div');
    var board = saved.rows + 'x' + saved.cols;
    text.textContent = 'A count stopped before it ended: ' + saved.what + ' (' + board +
      '), by rows, saved at square ' + saved.squaresDone + ' of ' + saved.squares + ', ' +
      ago(saved.savedAt) + '. Go on from there? (A new count by rows replaces it once it saves.)';
    box.appendChild(text);
    var said = document.createElement('div');
    box.appendChild(button('Go on counting', function () {
      var why = Module.app().resumeCount();
      if (why) {
        said.textContent = why;
      } else {
        hide();
      }
    }));
    box.appendChild(button('Discard', function () {
      Module.ktDiscardSavedCount().then(function (why) {
        if (why) said.textContent = why;
      });
    }));
    box.appendChild(said);
    document.body.appendChild(box);
  }

  // Resolves to '' once removed (or there was none), or why it was not: a count saving there
  // holds its files, and the browser refuses to remove them (the offer then stays, saying so).
  Module.ktDiscardSavedCount = function () {
    if (!(navigator.storage && navigator.storage.getDirectory)) return Promise.resolve('');
    return navigator.storage.getDirectory()
      .then(function (root) { return root.removeEntry('kt-count', { recursive: true }); })
      .then(function () { return ''; }, function (e) {
        return e && e.name === 'NotFoundError' ? '' : 'Not discarded: a count is saving there ' +
          '(its files are in use, in this tab or another). Stop that count or close its tab, ' +
          'then Discard again.';
      })
      .then(function (why) {
        if (!why) {
          Module.ktSavedCount = null;
          hide();
        }
        return why;
      });
  };

  // The room the browser's storage has for this page (its quota less what it uses): a count in
  // the counting worker puts its states there past its memory limit (web/opfs_save.hpp), where
  // they fit (Module.ktStorageRoom, read when a count starts).
  if (navigator.storage && navigator.storage.estimate) {
    navigator.storage.estimate().then(function (e) {
      Module.ktStorageRoom = Math.max(0, (e.quota || 0) - (e.usage || 0));
    }, function () {});
  }

  read().then(function (meta) {
    Module.ktSavedCount = meta;
    var saved = meta && Module.app && Module.app() ? Module.app().savedCount() : null;
    if (saved) offer(saved);
  });
})();
