// The change stream's connection (Web/app/event-stream.js) against a fake EventSource: the
// browser going offline cuts it at once, coming back online reconnects at once from the last
// event applied, and a paused or closed stream is left alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeSource } from "./support/fake-browser.mjs";

const { EventStream } = await import("../../Web/app/event-stream.js");

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function watched(since = () => 7) {
  const stream = new EventStream(since);
  const states = [];
  stream.onStatus = (state, delay, resumed) => states.push([state, delay, resumed]);
  return { stream, states };
}

test("offline cuts an open stream at once; online reconnects at once from the last event", async () => {
  let last = 7;
  const { stream, states } = watched(() => last);
  stream.open();
  await settle();
  const first = FakeSource.last;
  assert.deepEqual(states.map(([state]) => state), ["connecting", "live"]);
  dispatchEvent(new Event("offline"));
  assert.ok(first.closed, "the connection is cut");
  assert.equal(states.at(-1)[0], "offline");
  assert.ok(states.at(-1)[1] >= 500 && states.at(-1)[1] <= 1000, "first retry after 0.5–1 s");
  dispatchEvent(new Event("offline"));  // already cut: no second retry scheduled
  assert.equal(states.length, 3);
  last = 12;
  const opened = FakeSource.opened;
  dispatchEvent(new Event("online"));  // not after the backoff: now
  assert.equal(FakeSource.opened, opened + 1);
  assert.match(FakeSource.last.url, /since=12$/);
  await settle();
  assert.deepEqual(states.slice(3).map(([state]) => state), ["connecting", "live"]);
  assert.equal(states.at(-1)[2], true, "live again after a cut: resumed");
  assert.equal(states[1][2], false, "the first connection is not a resumption");
  dispatchEvent(new Event("online"));  // open already: nothing
  assert.equal(FakeSource.opened, opened + 1);
  stream.close();
});

test("online after many failed retries starts the backoff over", async () => {
  const { stream, states } = watched();
  stream.open();
  await settle();
  for (let i = 0; i < 5; i++) FakeSource.last.fail(), stream.open();
  FakeSource.last.fail();
  assert.ok(states.at(-1)[1] >= 15_000, "backed off");
  dispatchEvent(new Event("online"));
  await settle();
  FakeSource.last.fail();
  assert.ok(states.at(-1)[1] <= 1000, `${states.at(-1)[1]}: retries counted from the start`);
  stream.close();
});

test("a paused or closed stream ignores the network's events", async () => {
  const { stream, states } = watched();
  stream.open();
  await settle();
  stream.pause();  // its list is reloading itself, and opens it when done
  const opened = FakeSource.opened;
  dispatchEvent(new Event("offline"));
  dispatchEvent(new Event("online"));
  assert.equal(FakeSource.opened, opened);
  stream.open();
  await settle();
  stream.close();
  const count = states.length;
  dispatchEvent(new Event("offline"));
  dispatchEvent(new Event("online"));
  assert.equal(FakeSource.opened, opened + 1);
  assert.equal(states.length, count);
});
