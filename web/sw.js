// The page's service worker: it keeps one release of the site in one cache, so that once
// visited the page opens and works with no network (a classroom without one), and a page never
// runs files of two releases together (index.js of one with index.wasm or index.deferred.wasm of
// another would fail in ways no message explains).
//
// The build (web/offline_site.cmake) writes BUILD below into the site's copy: the SHA-256 of
// every file the page can fetch, and a version made from them. A new release is therefore a new
// sw.js, which the browser notices when it checks the worker after a navigation.
// - install: every file is fetched afresh (revalidated, not taken from the HTTP cache as it is)
//   and kept only if its hash is the build's; one that is not (a host half way through
//   publishing a release, or one that rewrites pages) fails the install, and the worker before
//   it, with its complete release, stays. The cache is named after the version.
// - activate: the caches of other versions are deleted. This runs when no page uses the old
//   worker any more (no skipWaiting: an open page fetches index.deferred.wasm, the code font,
//   the lesson after its first frame, and must get them from its own release).
// - a page's files (the listed ones, this origin only): from this version's cache.
// - navigations (index.html, course.html, the folder itself): from the network first, so a new
//   release shows at once. When the page that comes back is this version's, the cached files
//   match it; when it is not (a new release is out, and its worker not yet installed or
//   waiting), the new page takes every file from the network, so it never runs with this
//   version's files. With no network, no answer within a few seconds or an error from the
//   host, the cached page.
// Nothing from another origin or outside this folder is cached or answered here.
//
// Cross-origin isolation: every answer it gives (the pages, their scripts and .wasm, the
// counting worker's) carries Cross-Origin-Opener-Policy: same-origin and
// Cross-Origin-Embedder-Policy: require-corp, the headers that make a page cross-origin
// isolated (SharedArrayBuffer, so the counting worker's threads), which a static host such as
// GitHub Pages does not send (the approach of the coi-serviceworker project). A page is
// isolated from the first load this worker answers: the load after the first visit, or a
// reload. The page never reloads itself (a visitor's first minutes are not interrupted; no
// reload loop can start); until then it counts on its own thread, as without isolation. The
// page and its embeds load nothing from other origins, so require-corp blocks nothing.
'use strict';

const BUILD = { version: 'unbuilt', files: {} };  // written by the build

const PREFIX = 'kt-offline-';
const CACHE = PREFIX + BUILD.version;
// Pages (client ids) that loaded a newer release than this worker's: they take every file from
// the network. In a cache as well as in memory, because the browser stops an idle worker and
// such a page may fetch its lesson minutes later.
const FRESH = PREFIX + 'fresh';
const SCOPE = new URL('./', self.location.href);  // the folder of sw.js: any sub-path
const NETWORK_WAIT_MS = 4000;  // a navigation's wait for the network while a cached page exists

const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8',
  wasm: 'application/wasm', json: 'application/json', ttf: 'font/ttf',
  webmanifest: 'application/manifest+json', svg: 'image/svg+xml', png: 'image/png' };

const fresh = new Set();

// The listed file a request asks for ('index.html' for the folder itself), or null.
function listed(href) {
  const url = new URL(href);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  const path = url.pathname.slice(SCOPE.pathname.length) || 'index.html';
  return Object.prototype.hasOwnProperty.call(BUILD.files, path) ? path : null;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

// A response as the cache keeps it: the bytes and the type the page needs (application/wasm
// for streaming compilation), whatever the host sent.
function stored(path, bytes, from) {
  const type = TYPES[path.slice(path.lastIndexOf('.') + 1)] ??
               from?.headers.get('Content-Type') ?? 'application/octet-stream';
  return new Response(bytes, { headers: { 'Content-Type': type } });
}

const freshKey = (id) => new URL('__kt-fresh/' + encodeURIComponent(id), SCOPE).href;

async function isFresh(id) {
  if (!id) return false;
  if (fresh.has(id)) return true;
  if (!(await caches.has(FRESH))) return false;
  return !!(await (await caches.open(FRESH)).match(freshKey(id)));
}

async function markFresh(id) {
  fresh.add(id);
  await (await caches.open(FRESH)).put(freshKey(id), new Response(''));
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(Object.entries(BUILD.files).map(async ([path, hash]) => {
        const url = new URL(path, SCOPE);
        const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        const bytes = await response.arrayBuffer();
        if ((await sha256(bytes)) !== hash) {
          throw new Error(`${path} is not the file of release ${BUILD.version}`);
        }
        await cache.put(url, stored(path, bytes, response));
      }));
    } catch (e) {
      await caches.delete(CACHE);  // never a release in part
      throw e;
    }
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // The old worker's pages are all closed by now, and with them the pages marked fresh.
    fresh.clear();
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const path = listed(request.url);
  if (!path) return;  // the network's, as without a worker
  event.respondWith((request.mode === 'navigate' ? navigate(event, path) : file(event, path))
    .then(isolating));
});

// The answer with the isolation headers (above). Redirects and opaque answers stay as they are.
function isolating(response) {
  if (response.status < 200 || response.status >= 300 || response.type === 'opaque') {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status,
                                       statusText: response.statusText, headers });
}

async function file(event, path) {
  if (!(await isFresh(event.clientId))) {
    const hit = await (await caches.open(CACHE)).match(new URL(path, SCOPE));
    if (hit) return hit;
  }
  return fetch(event.request);
}

async function navigate(event, path) {
  const cached = await (await caches.open(CACHE)).match(new URL(path, SCOPE));
  const network = (async () => {
    const response = await fetch(event.request.url, { cache: 'no-cache', credentials: 'same-origin' });
    if (response.redirected) return { response: Response.redirect(response.url, 302) };
    if (!response.ok) return { response, failed: true };
    const bytes = await response.arrayBuffer();
    return { response: stored(path, bytes, response),
             newer: (await sha256(bytes)) !== BUILD.files[path] };
  })();
  if (!cached) return (await network).response;
  network.catch(() => {});  // answered from the cache below; nothing to report
  let timer, answer = null;
  const late = new Promise((resolve) => { timer = setTimeout(resolve, NETWORK_WAIT_MS, null); });
  try {
    answer = await Promise.race([network, late]);
  } catch {
    // offline, or the host cannot be reached: the cached page
  } finally {
    clearTimeout(timer);
  }
  if (!answer || answer.failed) return cached;
  if (answer.newer) {
    // A newer release (or a host that changed the page): the page must not get this version's
    // files. Without the new page's client id to mark, the cached release, whole.
    if (!event.resultingClientId) return cached;
    await markFresh(event.resultingClientId);
  }
  return answer.response;
}
