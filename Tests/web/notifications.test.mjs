// The notifications in words and rules (Web/app/notification-text.js, bell-rules.js) and the
// bell's reading again (bell-refresh.js: once per burst, one request at a time), on a clock
// the test moves by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { badgeText, bellLabel, concernsBell } from "../../Web/app/bell-rules.js";
import { Refresher } from "../../Web/app/bell-refresh.js";
import { peopleParts, photoName, QUOTE_LIMIT, sentenceParts, sentenceText, timeText }
  from "../../Web/app/notification-text.js";

const person = (id, username) => ({ id, username, createdAt: "2026-01-01T00:00:00Z" });
const mina = person(2, "mina");
const ben = person(3, "ben");
const cat = person(4, "cat");
const post = { id: 12, restaurant: "Pasta La Vista", caption: "Carbonara",
  photo: { thumbnailURL: "/t.jpg", color: "#aa6633" } };
const group = (kind, people, peopleCount = people.length, more = {}) => ({
  kind, post, people, peopleCount, latestAt: "2026-11-26T12:00:00Z", unread: true, ...more });

test("likes: one, two, three and more people", () => {
  assert.equal(sentenceText(group("like", [mina])), "mina liked your Pasta La Vista photo");
  assert.equal(sentenceText(group("like", [cat, ben])),
    "cat and ben liked your Pasta La Vista photo");
  assert.equal(sentenceText(group("like", [cat, ben, mina])),
    "cat and 2 others liked your Pasta La Vista photo");
  assert.equal(sentenceText(group("like", [cat, ben, mina], 4)),
    "cat and 3 others liked your Pasta La Vista photo");
  assert.equal(sentenceText(group("like", [cat, ben, mina], 21)),
    "cat and 20 others liked your Pasta La Vista photo");
});

test("each kind says what happened", () => {
  assert.equal(sentenceText(group("save", [mina])), "mina saved your Pasta La Vista photo");
  assert.equal(sentenceText(group("save", [mina, ben], 2)),
    "mina and ben saved your Pasta La Vista photo");
  assert.equal(sentenceText(group("comment", [mina], 1, { excerpt: "So good" })),
    "mina commented on your Pasta La Vista photo: “So good”");
  assert.equal(sentenceText(group("comment", [mina, ben], 5, { excerpt: "Again!" })),
    "mina and 4 others commented on your Pasta La Vista photo: “Again!”");
  assert.equal(sentenceText(group("comment", [mina], 1)),
    "mina commented on your Pasta La Vista photo", "no text: no quote");
  assert.equal(sentenceText(group("moderation", [], 0, { excerpt: "remove" })),
    "A moderator removed your Pasta La Vista photo after reports");
  assert.equal(sentenceText(group("moderation", [], 0, { excerpt: "restore" })),
    "A moderator restored your Pasta La Vista photo");
});

test("a comment is quoted on one line, cut at a word", () => {
  const long = `${"tasty ".repeat(30)}end`;
  const text = sentenceText(group("comment", [mina], 1,
    { excerpt: `Line one\nline two ${long}` }));
  assert.match(text, /: “Line one line two tasty/);
  assert.ok(text.endsWith("…”"), text);
  const quote = text.slice(text.indexOf("“") + 1, -1);
  assert.ok([...quote].length <= QUOTE_LIMIT, `${[...quote].length} characters`);
});

test("a missing restaurant's name: your photo", () => {
  assert.equal(photoName({ ...post, restaurant: "" }), "your photo");
  assert.equal(photoName({ ...post, restaurant: "  " }), "your photo");
  assert.equal(photoName({ id: 1 }), "your photo");
  assert.equal(sentenceText({ ...group("like", [mina]),
    post: { ...post, restaurant: undefined } }), "mina liked your photo");
  assert.equal(sentenceText({ ...group("moderation", [], 0, { excerpt: "remove" }),
    post: { ...post, restaurant: "" } }), "A moderator removed your photo after reports");
});

test("the parts: people to link, the post to link, text as it is", () => {
  assert.deepEqual(sentenceParts(group("like", [cat, ben])), [
    { person: cat }, { text: " and " }, { person: ben }, { text: " liked " },
    { post: "your Pasta La Vista photo" }]);
  // Hostile names and restaurants are only ever text: nothing is parsed.
  const sly = person(9, "<img src=x onerror=alert(1)>");
  const parts = sentenceParts({ ...group("save", [sly]),
    post: { ...post, restaurant: "<b>X</b>" } });
  assert.deepEqual(parts, [{ person: sly }, { text: " saved " }, { post: "your <b>X</b> photo" }]);
  // Fewer people named than counted (someone blocked since): still a sentence.
  assert.deepEqual(peopleParts([], 1), [{ text: "Someone" }]);
  assert.deepEqual(peopleParts([], 3), [{ text: "3 people" }]);
  assert.deepEqual(peopleParts([ben], 2), [{ person: ben }, { text: " and 1 other" }]);
});

test("when: minutes, hours, yesterday, days, then the date", () => {
  const now = new Date(2026, 10, 26, 15, 0, 0);
  const ago = (ms) => new Date(now.getTime() - ms).toISOString();
  assert.equal(timeText(ago(10_000), now), "just now");
  assert.equal(timeText(ago(-60_000), now), "just now", "a clock ahead");
  assert.equal(timeText(ago(60_000), now), "1 minute ago");
  assert.equal(timeText(ago(59 * 60_000), now), "59 minutes ago");
  assert.equal(timeText(ago(3_600_000), now), "1 hour ago");
  assert.equal(timeText(ago(5 * 3_600_000), now), "5 hours ago");
  assert.equal(timeText(new Date(2026, 10, 25, 9, 0).toISOString(), now), "yesterday");
  assert.equal(timeText(new Date(2026, 10, 22, 9, 0).toISOString(), now), "4 days ago");
  const older = timeText(new Date(2026, 10, 3, 9, 0).toISOString(), now);
  assert.match(older, /3/);
  assert.doesNotMatch(older, /2026/, "this year's date has no year");
  assert.match(timeText(new Date(2025, 10, 3, 9, 0).toISOString(), now), /2025/);
  assert.equal(timeText("not a date", now), "");
});

test("the bell's name and badge", () => {
  assert.equal(bellLabel(0), "Notifications");
  assert.equal(bellLabel(1), "Notifications, 1 unread");
  assert.equal(bellLabel(3), "Notifications, 3 unread");
  assert.deepEqual([0, 1, 99, 100, 1234, -1, NaN].map(badgeText),
    ["", "1", "99", "99+", "99+", "", ""]);
});

test("which stream events send the bell to read its count again", () => {
  const me = 1;
  const mine = { id: 5, author: { id: me, username: "ana" } };
  const theirs = { id: 6, author: { id: 2, username: "mina" } };
  const cases = [
    [{ kind: "notification" }, true],
    [{ kind: "reset" }, true],
    [{ kind: "update", postID: 5, post: mine, likeCount: 3 }, true],  // someone's like
    [{ kind: "update", postID: 5, post: mine, likeCount: 3, likedByMe: true }, false],  // mine
    [{ kind: "update", postID: 5, post: mine, likeCount: 2, likedByMe: false }, false],
    [{ kind: "update", postID: 6, post: theirs, likeCount: 3 }, false],
    [{ kind: "comment", postID: 5, post: mine, comment: { author: { id: 2 } } }, true],
    [{ kind: "comment", postID: 5, post: mine }, true],  // a writer the viewer blocks
    [{ kind: "comment", postID: 5, post: mine, comment: { author: { id: me } } }, false],
    [{ kind: "comment", postID: 6, post: theirs, comment: { author: { id: 2 } } }, false],
    [{ kind: "uncomment", postID: 5, post: mine, commentID: 9 }, true],
    [{ kind: "uncomment", postID: 6, post: theirs, commentID: 9 }, false],
    [{ kind: "insert", postID: 5, post: mine }, false],
    [{ kind: "list", listID: 3 }, false],
    [{ kind: "delete", postID: 5 }, false],
  ];
  for (const [event, expected] of cases) {
    assert.equal(concernsBell(event, me), expected, JSON.stringify(event));
  }
  assert.equal(concernsBell({ kind: "notification" }, null), false, "a visitor has no bell");
});

/** A clock the test moves: `tick(ms)` runs what falls due. */
function manualClock() {
  let now = 0;
  let timers = [];
  let next = 1;
  return {
    setTimeout(run, ms) {
      const id = next++;
      timers.push({ id, at: now + ms, run });
      return id;
    },
    clearTimeout(id) {
      timers = timers.filter((timer) => timer.id !== id);
    },
    async tick(ms) {
      now += ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        due.run();
        await settle();
      }
      await settle();
    },
    get pending() { return timers.length; },
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A read the test answers by hand: `reads` counts them, `answer(value)` ends the last. */
function manualRead() {
  const state = { reads: 0, inFlight: 0, most: 0, answers: [] };
  state.read = () => {
    state.reads += 1;
    state.inFlight += 1;
    state.most = Math.max(state.most, state.inFlight);
    return new Promise((resolve, reject) => state.answers.push({ resolve, reject }));
  };
  state.answer = async (value, fail = false) => {
    const { resolve, reject } = state.answers.shift();
    state.inFlight -= 1;
    if (fail) reject(new Error("offline"));
    else resolve(value);
    await settle();
  };
  return state;
}

test("a burst of requests is one read, 300 ms after the last", async () => {
  const clock = manualClock();
  const server = manualRead();
  const shown = [];
  const refresher = new Refresher(server.read, (value) => shown.push(value), { clock });
  refresher.request();
  await clock.tick(200);
  refresher.request();
  await clock.tick(200);
  refresher.request();
  await clock.tick(299);
  assert.equal(server.reads, 0, "still noisy");
  await clock.tick(1);
  assert.equal(server.reads, 1);
  await server.answer(3);
  assert.deepEqual(shown, [3]);
  assert.equal(clock.pending, 0);
});

test("never two reads at once: requests meanwhile are one read after it", async () => {
  const clock = manualClock();
  const server = manualRead();
  const shown = [];
  const refresher = new Refresher(server.read, (value) => shown.push(value), { clock });
  refresher.now();
  assert.equal(server.reads, 1);
  assert.ok(refresher.busy);
  for (let i = 0; i < 5; i++) {
    refresher.request();
    await clock.tick(400);
  }
  refresher.now();
  assert.equal(server.reads, 1, "held while the first is on its way");
  await server.answer(1);
  assert.equal(server.reads, 2, "then one more, with the latest state");
  await server.answer(2);
  assert.deepEqual(shown, [1, 2]);
  assert.equal(server.most, 1);
  assert.equal(server.reads, 2);
  assert.ok(!refresher.busy);
});

test("a failed read leaves what was shown; cancel drops an answer on its way", async () => {
  const clock = manualClock();
  const server = manualRead();
  const shown = [];
  const refresher = new Refresher(server.read, (value) => shown.push(value), { clock });
  refresher.now();
  await server.answer(null, true);
  assert.deepEqual(shown, [], "offline: nothing changes, nothing thrown");
  refresher.now();
  refresher.cancel();  // signed out meanwhile
  await server.answer(7);
  assert.deepEqual(shown, []);
  refresher.request();
  refresher.cancel();
  await clock.tick(1000);
  assert.equal(server.reads, 2, "a cancelled request never reads");
  refresher.now();  // signed in again
  await server.answer(4);
  assert.deepEqual(shown, [4]);
});
