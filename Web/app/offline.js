// The app offline: registers the service worker (Web/sw.js, versioned by the server) once the
// page has loaded, and forgets the reader's cached feed pages and photos when they sign out.

const USER_CACHE = "lots-user";

/** Registers the service worker (call it once the page has loaded). */
export function registerOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { updateViaCache: "none" })
    .catch(() => {});  // a private window or a browser without workers: online only
}

/** Deletes what the reader's browsing left in the cache (on sign-out: a shared computer). */
export async function forgetUser() {
  await globalThis.caches?.delete(USER_CACHE);
}
