// The LOTs service worker: the app readable offline. The server puts two constants before this
// text (App/Sources/LotsServer/HTTP/ServiceWorkerScript.swift): VERSION, a hash of every file of
// the app shell, and SHELL, their paths. A new app is a new script, so the browser installs it;
// it keeps the new shell in a cache named by its version and deletes the old ones.
//
// - The shell and API reads go to the network first: online, the app is always the server's
//   current one (never a stale copy); offline, the last copy answers, marked `X-LOTs-Offline`.
// - Photos (content-addressed, never changing) come from the cache once seen.
// - Feed pages and photos are the reader's: they live in one cache the page deletes when its
//   user signs out (Web/app/offline.js).
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

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (request.mode === "navigate" && PAGES.test(url.pathname)) {
    // Every app URL is the one document: offline, the cached shell shows the page.
    event.respondWith(networkFirst(request, SHELL_CACHE, "/"));
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
  try {
    const response = await fetch(request);
    if (keep && response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(key, copy));
    }
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
  const cache = await caches.open(USER_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    // Trimmed now and then, not on every photo: listing the cache is O(n).
    if (++photosPut % TRIM_EVERY === 0) trimPhotos(cache);
  }
  return response;
}

let photosPut = 0;

/** Drops the oldest photos past PHOTOS_KEPT (the cache lists in insertion order). */
async function trimPhotos(cache) {
  const keys = (await cache.keys()).filter((key) => new URL(key.url).pathname.startsWith("/images/"));
  for (const key of keys.slice(0, Math.max(0, keys.length - PHOTOS_KEPT))) cache.delete(key);
}
