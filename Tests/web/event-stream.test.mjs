// The change stream's connection (Web/app/event-stream.js) against a fake EventSource: the
// browser going offline cuts it at once, coming back online reconnects at once from the last
// event applied, a connection silent for two heartbeats is replaced, and a paused or closed
// stream is left alone.
import { mock, test } from "node:test";
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

test("a connection silent for two heartbeats says so and is replaced; any word keeps it", async () => {
  const { stream, states } = watched(() => 9);
  stream.open();
  await settle();
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const first = FakeSource.last;
    first.beat(1000);  // the server's interval: 1 s
    mock.timers.tick(1500);
    first.send({ kind: "insert", seq: 9, previous: 7 });  // an event counts as word too
    mock.timers.tick(1999);
    first.beat(1000);
    mock.timers.tick(1999);
    assert.equal(states.at(-1)[0], "live", "heard within two heartbeats each time");
    assert.ok(!first.closed);
    mock.timers.tick(1);  // two heartbeats of nothing
    assert.ok(first.closed, "the silent connection is closed");
    assert.equal(states.at(-1)[0], "reconnecting");
    const delay = states.at(-1)[1];
    assert.ok(delay >= 500 && delay <= 1000, `first retry after 0.5–1 s: ${delay}`);
    const opened = FakeSource.opened;
    mock.timers.tick(1000);
    assert.equal(FakeSource.opened, opened + 1);
    assert.match(FakeSource.last.url, /since=9$/, "resumed from the last event");
    await Promise.resolve();
    assert.deepEqual(states.at(-1).slice(0, 1), ["live"]);
    assert.equal(states.at(-1)[2], true, "live again after a cut: resumed");
    // A paused stream has no watch: nothing happens however long it waits.
    stream.pause();
    const count = states.length;
    mock.timers.tick(60_000);
    assert.equal(states.length, count);
  } finally {
    mock.timers.reset();
    stream.close();
  }
});
