// "Download your data" without the page (Web/app/account-export-text.js): how each status of
// the archive reads, its size and end in words, and the waits between asks while it is built.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ARCHIVE, FAILED, FRESH, PREPARE, PREPARING, exportView, pollDelay, sizeText, untilText }
  from "../../Web/app/account-export-text.js";

const NOW = new Date(2026, 10, 21, 15, 4);  // local time, as the reader's clock
const later = (minutes) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

test("asks again after 1 s, 2 s, 4 s, 8 s, then every 10 s", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 40].map(pollDelay),
    [1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  assert.equal(pollDelay(-1), 1000);
  assert.equal(pollDelay(NaN), 1000);
  assert.equal(pollDelay(1e9), 10_000);
});

test("sizes in bytes, then KB, MB and GB", () => {
  assert.equal(sizeText(0), "0 bytes");
  assert.equal(sizeText(1), "1 byte");
  assert.equal(sizeText(999), "999 bytes");
  assert.equal(sizeText(1000, "en-GB"), "1 KB");
  assert.equal(sizeText(38_400, "en-GB"), "38 KB");
  assert.equal(sizeText(2_412_345, "en-GB"), "2.4 MB");
  assert.equal(sizeText(999_999_999, "en-GB"), "1,000 MB");
  assert.equal(sizeText(1_100_000_000, "en-GB"), "1.1 GB");
  assert.equal(sizeText(-5), "0 bytes");
  assert.equal(sizeText(undefined), "0 bytes");
});

test("until when: the time today, else the day too", () => {
  assert.equal(untilText(later(60), NOW, "en-GB"), "16:04");
  const tomorrow = untilText(later(24 * 60), NOW, "en-GB");
  assert.match(tomorrow, /22 Nov|Nov 22/);  // the day in the reader's own locale
  assert.match(tomorrow, /15:04/);
  assert.equal(untilText("not a date", NOW), "not a date");
});

test("no archive: the button only", () => {
  const view = exportView(null, NOW);
  assert.equal(view.state, "none");
  assert.equal(view.button, PREPARE);
  assert.equal(view.said, "");
  assert.equal(view.alert, "");
  assert.equal(view.building, false);
});

test("building: the status line, the button held, asking again", () => {
  const view = exportView({ state: "building", requestedAt: later(-1) }, NOW);
  assert.equal(view.said, PREPARING);
  assert.equal(view.building, true);
  assert.equal(view.link, undefined);
});

test("ready: its link with size, until when, and a fresh copy to ask for", () => {
  const view = exportView({ state: "ready", requestedAt: later(-2), readyAt: later(-1),
    expiresAt: later(59), bytes: 2_412_345, url: "/api/me/export/archive" }, NOW, "en-GB");
  assert.equal(view.state, "ready");
  assert.equal(view.button, FRESH);
  assert.equal(view.building, false);
  assert.deepEqual(view.link, { href: "/api/me/export/archive",
    text: "Download your data (2.4 MB)" });
  assert.deepEqual(view.until, { iso: later(59), text: "16:03" });
});

test("ready without a size or an address: the usual address, no size", () => {
  const view = exportView({ state: "ready", requestedAt: later(-2) }, NOW);
  assert.deepEqual(view.link, { href: ARCHIVE, text: "Download your data" });
  assert.equal(view.until, undefined);
});

test("ready but past its time: as if there were none", () => {
  const view = exportView({ state: "ready", requestedAt: later(-70), expiresAt: later(-1),
    bytes: 10, url: ARCHIVE }, NOW);
  assert.equal(view.state, "none");
  assert.equal(view.link, undefined);
});

test("failed: says so, and the button tries again", () => {
  const view = exportView({ state: "failed", requestedAt: later(-1) }, NOW);
  assert.equal(view.state, "failed");
  assert.ok(view.alert.startsWith(FAILED));
  assert.equal(view.button, "Try again");
  assert.equal(view.building, false);
});
