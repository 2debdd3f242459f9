// The app's API calls: retry delays (exponential with jitter, Retry-After honoured and capped),
// and which refusals are waited out and which are told at once.
import assert from "node:assert/strict";
import test from "node:test";

import { api, backoff } from "../../Web/app/api.js";

test("backoff doubles from half a second with ±50 % jitter", () => {
  for (let attempt = 1; attempt <= 4; attempt++) {
    const base = 500 * 2 ** (attempt - 1);
    for (let i = 0; i < 200; i++) {
      const delay = backoff(attempt);
      assert.ok(delay >= base * 0.5 && delay <= base * 1.5, `${attempt}: ${delay}`);
    }
  }
  const delays = new Set(Array.from({ length: 50 }, () => backoff(2)));
  assert.ok(delays.size > 40, "jittered, not fixed");
});

test("a Retry-After in seconds is waited, at most 30 s; anything else falls back", () => {
  assert.equal(backoff(1, "2"), 2000);
  assert.equal(backoff(3, "0"), 0);
  assert.equal(backoff(1, "3600"), 30000);
  for (const value of ["soon", "-1", "Wed, 21 Oct 2015 07:28:00 GMT", null]) {
    const delay = backoff(1, value);
    assert.ok(delay >= 250 && delay <= 750, `${value}: ${delay}`);
  }
});

/** Answers `api`'s fetches from `replies` (status, headers) in turn, counting the calls. */
function stubFetch(replies) {
  const calls = [];
  globalThis.fetch = async (path, init) => {
    calls.push({ path, method: init.method });
    const [status, headers = {}, body = ""] = replies[Math.min(calls.length, replies.length) - 1];
    return new Response(body || null, { status, headers });
  };
  return calls;
}

test("a 429 is waited out by default, then the request is made again", async () => {
  const calls = stubFetch([[429, { "Retry-After": "0" }], [200, {}, '{"ok":true}']]);
  assert.deepEqual(await api("POST", "/api/sessions", {}), { ok: true });
  assert.equal(calls.length, 2);
});

test("without waitWhenLimited a 429 rejects at once with the server's message and wait", async () => {
  const body = '{"error":{"message":"too many sign-in requests: retry in 5 s"}}';
  const calls = stubFetch([[429, { "Retry-After": "5" }, body], [200, {}, "{}"]]);
  const started = Date.now();
  await assert.rejects(api("POST", "/api/sessions", {}, { waitWhenLimited: false }), (error) => {
    assert.equal(error.message, "too many sign-in requests: retry in 5 s");
    assert.equal(error.status, 429);
    assert.equal(error.retryAfter, 5);
    return true;
  });
  assert.equal(calls.length, 1);
  assert.ok(Date.now() - started < 1000);
  // Other refusals carry no wait, and a POST is not repeated on a 503.
  stubFetch([[503, {}, '{"error":{"message":"busy"}}']]);
  await assert.rejects(api("POST", "/api/posts", {}, { waitWhenLimited: false }),
    (error) => error.status === 503 && error.retryAfter === undefined);
});

test("an idempotency key goes with every attempt of a request whose answer was lost", async () => {
  const keys = [];
  let calls = 0;
  globalThis.fetch = async (path, init) => {
    keys.push(init.headers["Idempotency-Key"]);
    calls += 1;
    if (calls === 1) throw new TypeError("network error");  // the answer never came
    return new Response(null, { status: 204 });
  };
  const answer = await api("PUT", "/api/me/password", { currentPassword: "a", newPassword: "b" },
    { idempotencyKey: "change-7" });
  assert.equal(answer, null);
  assert.deepEqual(keys, ["change-7", "change-7"]);
  // Without one, no header is sent.
  keys.length = 0;
  calls = 1;
  await api("PUT", "/api/me/password", {});
  assert.deepEqual(keys, [undefined]);
});
