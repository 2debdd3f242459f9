// The app's retry delays: exponential with jitter, Retry-After honoured and capped.
import assert from "node:assert/strict";
import test from "node:test";

import { backoff } from "../../Web/app/api.js";

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
