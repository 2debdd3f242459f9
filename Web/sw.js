// The LOTs service worker: the app readable offline. The server puts two constants before this
// text (App/Sources/LotsServer/HTTP/ServiceWorkerScript.swift): VERSION, a hash of every file of
// the app shell, and SHELL, their paths. A new app is a new script, so the browser installs it;
// it keeps the new shell in a cache named by its version and deletes the old ones.
//
// - The shell and API reads go to the network first: online, the app is always the server's
//   current one (never a stale copy); offline, the last copy answers, marked `X-LOTs-Offline`.
// - Photos (content-addressed, never changing) come from the cache once seen.
// - Feed pages and photos are the reader's: they live in one cache the page deletes when its
//   user signs out (Web/app/offline.js), and this worker again when the page tells it
//   ("forget-user"), once what it was writing there has settled.
/* global VERSION, SHELL */

const SHELL_CACHE = `lots-shell-${VERSION}`;
const USER_CACHE = "lots-user";
const PHOTOS_KEPT = 400;
const TRIM_EVERY = 50;
const PAGES = /^\/(inspire|post|likes|signin|signup|p\/\d+|u\/[^/]+)?$/;
const READS = /^\/api\/(feed|inspire|me|me\/likes|users\/[^/]+\/posts|posts\/\d+)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("lots-shell-") && name !== SHELL_CACHE)
    .map((name) => caches.delete(name)))).then(() => self.clients.claim()));
});

// The page tells the worker its reader signed out: the worker deletes their cache once more. The
// page's own delete is not enough: a response of theirs that comes in later (a feed page, a
// photo asked for before sign-out) would be kept, and opening the cache to keep it makes the
// cache again, with their pages and photos in it, for whoever uses the browser next.
self.addEventListener("message", (event) => {
  if (event.data !== "forget-user") return;
  event.waitUntil(forgetUser().then(() => event.ports[0]?.postMessage("forgot")));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (request.mode === "navigate" && PAGES.test(url.pathname)) {
    // Every app URL is the one document: offline, the cached shell shows the page (the bare
    // one: Main's answer online carries its reader's first page, kept nowhere).
    event.respondWith(networkFirst(request, SHELL_CACHE, "/index.html"));
  } else if (url.pathname.startsWith("/images/")) {
    event.respondWith(cacheFirst(request));
  } else if (READS.test(url.pathname)) {
    event.respondWith(networkFirst(request, USER_CACHE, request, true));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(networkFirst(request, SHELL_CACHE, request));
  }
});

/**
 * The network's answer, else the cached copy under `key`, marked as such. Reads are kept as
 * they come (`keep`); the shell is not written again on every load: install cached it whole,
 * one version of it, which is what offline should show.
 */
async function networkFirst(request, cacheName, key, keep = false) {
  const askedIn = session;
  try {
    const response = await fetch(request);
    if (keep && response.ok) keepForUser(key, response.clone(), askedIn);
    return response;
  } catch (failure) {
    const cache = await caches.open(cacheName);
    const cached = await cache.match(key, { ignoreVary: true });
    if (!cached) throw failure;
    const headers = new Headers(cached.headers);
    headers.set("X-LOTs-Offline", "1");
    return new Response(cached.body, { status: cached.status, headers });
  }
}

/** A photo from the cache, else from the network and kept (the oldest dropped past a limit). */
async function cacheFirst(request) {
  const askedIn = session;
  // Not caches.open: a read must not make the cache again after sign-out.
  const cached = await caches.match(request, { cacheName: USER_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await keepForUser(request, response.clone(), askedIn);
    // Trimmed now and then, not on every photo: listing the cache is O(n).
    if (cache && ++photosPut % TRIM_EVERY === 0) trimPhotos(cache);
  }
  return response;
}

// Which reader a request was asked for: one more after every sign-out. A response asked for
// before one is not kept, however late it comes.
let session = 0;
// Sign-outs under way: nothing is kept meanwhile (the page asking is still the last reader's).
let forgetting = 0;
// Writes into the reader's cache not yet settled: sign-out deletes the cache after them, so the
// cache is gone whatever a browser makes of a write into a cache deleted under it.
const userWrites = new Set();

/**
 * Keeps `response` under `key` in the reader's cache, unless they signed out since the request
 * was asked (`askedIn`, the `session` then).
 * @returns {Promise<Cache | null>} the cache written, or null when nothing was.
 */
function keepForUser(key, response, askedIn) {
  if (askedIn !== session || forgetting > 0) return Promise.resolve(null);
  const write = caches.open(USER_CACHE).then(async (cache) => {
    await cache.put(key, response);
    return cache;
  });
  const settled = () => userWrites.delete(write);
  write.then(settled, settled);
  userWrites.add(write);
  return write;
}

/** Deletes the reader's cache once the writes under way have settled; none start meanwhile. */
async function forgetUser() {
  forgetting += 1;
  try {
    await Promise.allSettled([...userWrites]);
    await caches.delete(USER_CACHE);
  } finally {
    session += 1;
    forgetting -= 1;
  }
}

let photosPut = 0;

/** Drops the oldest photos past PHOTOS_KEPT (the cache lists in insertion order). */
async function trimPhotos(cache) {
  const keys = (await cache.keys()).filter((key) => new URL(key.url).pathname.startsWith("/images/"));
  for (const key of keys.slice(0, Math.max(0, keys.length - PHOTOS_KEPT))) cache.delete(key);
}
