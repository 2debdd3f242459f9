// The app offline: registers the service worker (Web/sw.js, versioned by the server) once the
// page has loaded, and forgets the reader's cached feed pages and photos when they sign out.

const USER_CACHE = "lots-user";
// How long sign-out waits for the worker's answer: a worker of an older version never answers
// (the next load replaces it), and the worker deletes the cache whether the page waits or not.
const WORKER_ANSWER_MS = 2000;

/** Registers the service worker (call it once the page has loaded). */
export function registerOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { updateViaCache: "none" })
    .catch(() => {});  // a private window or a browser without workers: online only
}

/**
 * Deletes what the reader's browsing left in the cache (on sign-out: a shared computer). The
 * worker deletes it again once its writes under way have settled (a response of the reader's
 * that comes in late would make the cache again); waited for, so that what the page reads next,
 * for the next reader, is kept and not deleted after.
 */
export async function forgetUser() {
  await globalThis.caches?.delete(USER_CACHE);
  const registration = await globalThis.navigator?.serviceWorker?.getRegistration()
    .catch(() => null);
  const worker = registration?.active;
  if (!worker) return;
  const channel = new MessageChannel();
  const answered = new Promise((resolve) => { channel.port1.onmessage = resolve; });
  worker.postMessage("forget-user", [channel.port2]);
  let timer;
  await Promise.race([answered, new Promise((resolve) => {
    timer = setTimeout(resolve, WORKER_ANSWER_MS);
  })]);
  clearTimeout(timer);
  channel.port1.close();
}
