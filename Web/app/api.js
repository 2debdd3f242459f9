// The app's one way to call the LOTs API: JSON in and out, same-origin credentials (the
// session cookie), and a failure as an Error carrying the server's message. Requests that are
// safe to repeat (GET, PUT, DELETE) are retried when the server is unreachable or busy, with
// exponential backoff and jitter (unless the caller keeps its own queue: `retryUnreachable:
// false`); a 429 waits as long as its Retry-After says (unless the caller would rather tell a
// person, with `waitWhenLimited: false`). While the server cannot be reached, an "offline" event
// is dispatched on `connectivity` (and "online" when it answers again), for the page's banner.

/** Where the page hears that the server became unreachable or reachable. */
export const connectivity = new EventTarget();

const RETRIED = new Set(["GET", "PUT", "DELETE"]);
const ATTEMPTS = 4;
const BUSY = new Set([502, 503, 504]);  // a 429 is waited out on its own terms
let offline = false;

function setOffline(value) {
  if (offline === value) return;
  offline = value;
  connectivity.dispatchEvent(new Event(value ? "offline" : "online"));
}

/** A Retry-After header's seconds, or undefined (absent, a date, or not a number). */
function retryAfterSeconds(header) {
  const seconds = Number(header ?? NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** How long to wait before attempt `attempt` (1, 2, …): 0.5 s doubling, ±50 % jitter. */
export function backoff(attempt, retryAfter) {
  const seconds = retryAfterSeconds(retryAfter);
  if (seconds !== undefined) return Math.min(seconds, 30) * 1000;
  const base = 500 * 2 ** (attempt - 1);
  return base * (0.5 + Math.random());
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `method path` with `body` as JSON (if any); resolves to the parsed response (null when
 * empty), or rejects with an Error carrying the server's message (else the HTTP status), the
 * response's `status`, the `field` at fault (and `index`, which of a repeated one), and on a 429,
 * `retryAfter` (seconds). With
 * `waitWhenLimited: false` a 429 is answered at once instead of waited out: for forms a person
 * submits, who should be told rather than kept waiting. With `retryUnreachable: false` an
 * unreachable server rejects at once (status 0): for a caller that queues the request itself.
 * `idempotencyKey` goes with every attempt (`Idempotency-Key`): the server then recognises a
 * retry of a request it carried out whose answer was lost.
 */
export async function api(method, path, body,
  { waitWhenLimited = true, retryUnreachable = true, idempotencyKey } = {}) {
  const retried = RETRIED.has(method);
  for (let attempt = 1; ; attempt++) {
    let response;
    try {
      const headers = body === undefined ? {} : { "Content-Type": "application/json" };
      if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
      response = await fetch(path, {
        method, credentials: "same-origin", headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (failure) {
      setOffline(true);
      if (!retried || !retryUnreachable || attempt >= ATTEMPTS) {
        throw Object.assign(new Error("the server cannot be reached"), { status: 0 });
      }
      await sleep(backoff(attempt));
      continue;
    }
    // The service worker answers from its cache when the network is down, and says so.
    setOffline(response.headers.has("X-LOTs-Offline"));
    const again = response.status === 429 ? waitWhenLimited
      : retried && BUSY.has(response.status);
    if (again && attempt < ATTEMPTS) {
      await sleep(backoff(attempt, response.headers.get("Retry-After")));
      continue;
    }
    return parse(method, path, response);
  }
}

async function parse(method, path, response) {
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw new Error(`${method} ${path}: the server's answer is not JSON`);
  }
  if (!response.ok) {
    throw Object.assign(new Error(json?.error?.message ?? `HTTP ${response.status}`), {
      status: response.status, field: json?.error?.field, index: json?.error?.index,
      retryAfter: retryAfterSeconds(response.headers.get("Retry-After")),
    });
  }
  return json;
}

/** One page of a cursor-paged feed: `{items, nextCursor, sequence}`. */
export function fetchPage(path, cursor, limit) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set("cursor", cursor);
  return api("GET", `${path}${path.includes("?") ? "&" : "?"}${query}`);  // a search has its q
}
