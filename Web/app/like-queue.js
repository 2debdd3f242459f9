// Likes and unlikes the server has not confirmed yet, for every Like button of the page (the
// lists' cells and a post's page). A toggle shows at once. It is sent at once when the server
// can be reached; when it cannot (the browser offline, or the request failed on the network or
// on a busy server), it waits, marked "will be sent", and is sent when the connection returns
// (the browser back online, any request of the app answered, or a retry with backoff): in the
// order made, one request per post at a time, a post toggled again meanwhile sending only its
// last state (PUT and DELETE are idempotent). The count then settles to the server's answer. A
// refusal (4xx) puts the post back as the server has it, with a message. The queue lives in
// memory and is dropped when the person signed in changes (sign-out).
import { api, connectivity } from "./api.js";

/**
 * A post as the lists and the post page hold it: the like state as the server last said.
 * @typedef {{id: number, likedByMe: boolean, likeCount: number}} LikeablePost
 */
/**
 * What a Like button shows: the state once what waits is sent, and whether something waits.
 * @typedef {{liked: boolean, likeCount: number, pending: boolean}} ShownLike
 */
/**
 * The `detail` of a "change" event on `likeChanges`: post `id` changed, with the server's
 * answer (`confirmed`) or its refusal (`refused`, the message to show), or neither (a toggle,
 * a request that will be sent later, the queue dropped).
 * @typedef {{id: number, confirmed?: {liked: boolean, likeCount: number}, refused?: string}}
 *   LikeChange
 */

/** Where the page hears of each change (`change` events, a LikeChange as `detail`). */
export const likeChanges = new EventTarget();

const MAX_RETRY_MS = 30_000;
const BUSY = new Set([502, 503, 504]);

/** What each post should become, by id, in the order toggled; `queued`: waits for the network. */
/** @type {Map<number, {liked: boolean, queued: boolean}>} */
const wanted = new Map();
/** Posts with a request under way. */
const sending = new Set();
let retryTimer = 0;
let retries = 0;
let flushing = null;

const online = () => globalThis.navigator?.onLine !== false;

/**
 * What a Like button of `post` shows: the server's state, or the one toggled to and not yet
 * confirmed (the count moved by one).
 * @param {LikeablePost} post
 * @returns {ShownLike}
 */
export function shownLike(post) {
  const want = wanted.get(post.id);
  const pending = want?.queued ?? false;
  if (!want || want.liked === post.likedByMe) {
    return { liked: post.likedByMe, likeCount: post.likeCount, pending };
  }
  return { liked: want.liked,
    likeCount: Math.max(0, post.likeCount + (want.liked ? 1 : -1)), pending };
}

/**
 * Likes `post`, or unlikes it if it shows liked: shown at once, sent now or when the server
 * can be reached (the caller has checked that someone is signed in).
 * @param {LikeablePost} post
 */
export function toggleLike(post) {
  const liked = !shownLike(post).liked;
  const queued = (wanted.get(post.id)?.queued ?? false) || !online();
  wanted.delete(post.id);  // to the end: the order of the last toggles
  wanted.set(post.id, { liked, queued });
  announce({ id: post.id });
  if (!online()) retryLater();
  else if (queued) flush();  // a sign of life: try what waits, in order
  else send(post.id);
}

/** Drops what waits (someone else signs in, or no one). */
export function dropPendingLikes() {
  const ids = [...wanted.keys()];
  wanted.clear();
  clearTimeout(retryTimer);
  retryTimer = 0;
  retries = 0;
  for (const id of ids) announce({ id });
}

function announce(detail) {
  likeChanges.dispatchEvent(new CustomEvent("change", { detail }));
}

/**
 * Sends what post `id` should become, again while it changes meanwhile; resolves to false when
 * the server could not be reached (what waits stays queued).
 */
async function send(id) {
  if (sending.has(id)) return true;  // the request under way sends the latest state after it
  sending.add(id);
  try {
    for (let want = wanted.get(id); want; want = wanted.get(id)) {
      const { liked } = want;
      let state;
      try {
        state = await api(liked ? "PUT" : "DELETE", `/api/posts/${id}/like`, undefined,
          { retryUnreachable: false });
      } catch (failure) {
        if (failure.status === 0 || BUSY.has(failure.status)) {
          const waiting = wanted.get(id);
          if (waiting) waiting.queued = true;
          announce({ id });
          retryLater();
          return false;
        }
        if (wanted.get(id)?.liked === liked) wanted.delete(id);
        announce({ id, refused: `${liked ? "Like" : "Unlike"} failed: ${failure.message}` });
        continue;
      }
      if (wanted.get(id)?.liked === liked) wanted.delete(id);
      announce({ id, confirmed: { liked: state.liked, likeCount: state.likeCount } });
    }
    return true;
  } finally {
    sending.delete(id);
  }
}

/** Sends what waits, in order; stops at the first that cannot reach the server. */
function flush() {
  clearTimeout(retryTimer);
  retryTimer = 0;
  if (!online()) return retryLater();
  flushing ??= (async () => {
    for (const id of [...wanted.keys()]) {
      if (wanted.get(id)?.queued && !(await send(id))) return;
    }
    retries = 0;
  })().finally(() => { flushing = null; });
  return flushing;
}

/** Tries again later, waiting longer each time (2 s doubling, at most 30 s). */
function retryLater() {
  if (retryTimer || ![...wanted.values()].some((want) => want.queued)) return;
  const delay = Math.min(MAX_RETRY_MS, 2000 * 2 ** retries);
  retries += 1;
  retryTimer = setTimeout(() => {
    retryTimer = 0;
    flush();
  }, delay);
}

// The connection is back: the browser says so, or a request of the app's was answered.
globalThis.addEventListener?.("online", () => flush());
connectivity.addEventListener("online", () => flush());
// The queue is the signed-in person's: a sign-out (or someone else signing in) drops it.
let owner;
globalThis.document?.addEventListener("sessionchange", ({ detail: { user } }) => {
  const id = user?.id ?? null;
  if (owner !== undefined && owner !== id) dropPendingLikes();
  owner = id;
});
