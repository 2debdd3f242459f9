// A post's page on the change stream (Web/app/post-stream.js), against a fake EventSource: with
// no stream in the tab it opens its own from the sequence the comments were read at; with one
// (a list's) it opens none and hears that one's events, those that came while the comments were
// read too. Either way it hands on only the events about its post (an edit, a comment, a
// deleted comment, the post deleted), once each, asks for a reload after a gap or a reset, and
// stops when the page leaves the document.
//
// The module keeps the stream's latest events for the next page: each test uses sequences past
// those of the tests before it, so that what they sent is already read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeSource } from "./support/fake-browser.mjs";

/** A MutationObserver the test triggers by hand (`FakeObserver.fire()`). */
class FakeObserver {
  static all = new Set();
  constructor(callback) { this.callback = callback; }
  observe(target) { this.target = target; FakeObserver.all.add(this); }
  disconnect() { FakeObserver.all.delete(this); }
  static fire() { for (const observer of [...FakeObserver.all]) observer.callback([]); }
}
globalThis.MutationObserver = FakeObserver;

const { followPost } = await import("../../Web/app/post-stream.js");
const { EventStream, followingStream } = await import("../../Web/app/event-stream.js");
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function follow(since) {
  const page = { isConnected: true, parentNode: {} };
  const heard = [];
  const handlers = {
    update: (post, event) => heard.push(["update", post.id, event.seq]),
    comment: (event) => heard.push(["comment", event.comment?.id ?? null]),
    uncomment: (event) => heard.push(["uncomment", event.commentID]),
    gone: () => heard.push(["gone"]),
    reload: () => heard.push(["reload"]),
  };
  const opened = FakeSource.opened;
  const followed = followPost(7, since, handlers, page);
  const own = FakeSource.opened > opened ? FakeSource.last : null;
  return { page, heard, followed, source: own };
}

test("it resumes from the comments' sequence and hands on only its post's events", async () => {
  const { heard, followed, source } = follow(40);
  assert.match(source.url, /\/api\/stream\?since=40$/);
  await settle();
  source.send({ seq: 41, previous: 40, kind: "update", post: { id: 7 } });
  source.send({ seq: 42, previous: 41, kind: "update", post: { id: 8 } });
  source.send({ seq: 43, previous: 42, kind: "comment", postID: 7, post: { id: 7 },
    comment: { id: 3 }, commentID: 3 });
  source.send({ seq: 44, previous: 43, kind: "comment", postID: 7, post: { id: 7 },
    commentID: 4 });  // its writer is blocked by the reader: no comment, the count only
  source.send({ seq: 45, previous: 44, kind: "uncomment", postID: 7, post: { id: 7 },
    commentID: 3 });
  source.send({ seq: 46, previous: 45, kind: "list", listID: 2 });
  source.send({ seq: 47, previous: 46, kind: "delete", postID: 7 });
  assert.deepEqual(heard, [["update", 7, 41], ["comment", 3], ["comment", null],
    ["uncomment", 3], ["gone"]]);
  followed.close();
  assert.ok(source.closed);
  assert.ok(!followingStream(), "its own stream is closed for good");
});

test("a gap or a reset asks the page to read everything again, and it goes on from there",
  async () => {
    const { heard, followed, source } = follow(100);
    await settle();
    source.send({ seq: 105, previous: 104, kind: "update", post: { id: 7 } });  // 101–4 missed
    assert.deepEqual(heard, [["reload"], ["update", 7, 105]]);
    source.send({ seq: 106, previous: 105, kind: "update", post: { id: 7 } });
    source.send({ seq: 120, previous: 106, kind: "reset" });
    assert.deepEqual(heard.slice(2), [["update", 7, 106], ["reload"]]);
    // A cut resumes from the last event applied.
    source.fail();
    followed.close();
  });

test("from now when the comments could not be read", async () => {
  const { heard, followed, source } = follow(null);
  assert.match(source.url, /\/api\/stream$/);
  assert.deepEqual(heard, [], "nothing of before: the page is as it was read");
  followed.close();
});

test("the stream closes when the page leaves the document, not before", async () => {
  const { page, source } = follow(200);
  await settle();
  FakeObserver.fire();  // another change in the container: the page is still there
  assert.ok(!source.closed);
  page.isConnected = false;
  FakeObserver.fire();
  assert.ok(source.closed);
  assert.equal(FakeObserver.all.size, 0);
  // A page already gone opens nothing.
  const opened = FakeSource.opened;
  followPost(7, 1, {}, { isConnected: false, parentNode: null });
  assert.equal(FakeSource.opened, opened);
});

test("over a list that follows the stream it opens none and hears the list's", async () => {
  let listLast = 290;
  const list = new EventStream(() => listLast);
  list.open();
  await settle();
  const shared = FakeSource.last;
  const send = (event) => {
    listLast = event.seq;
    shared.send(event);
  };
  // While the page read its comments (at 300), the list heard 295–302.
  send({ seq: 295, previous: 290, kind: "update", post: { id: 7 } });
  send({ seq: 300, previous: 295, kind: "comment", postID: 7, post: { id: 7 },
    comment: { id: 30 }, commentID: 30 });
  send({ seq: 302, previous: 300, kind: "comment", postID: 7, post: { id: 7 },
    comment: { id: 31 }, commentID: 31 });
  const { heard, followed, source } = follow(300);
  assert.equal(source, null, "no second stream");
  assert.deepEqual(heard, [["comment", 31]], "what came after the read, once");
  send({ seq: 303, previous: 302, kind: "uncomment", postID: 7, post: { id: 7 },
    commentID: 30 });  // a moderator removed it
  send({ seq: 304, previous: 303, kind: "update", post: { id: 8 } });
  assert.deepEqual(heard.slice(1), [["uncomment", 30]]);
  // A second stream in the tab brings the same events again: each is handed on once.
  shared.send({ seq: 303, previous: 302, kind: "uncomment", postID: 7, post: { id: 7 },
    commentID: 30 });
  assert.equal(heard.length, 2);
  // The list, back after a cut from an older sequence of its own: what the page has is
  // skipped, and nothing is missed.
  send({ seq: 305, previous: 299, kind: "update", post: { id: 7 } });
  assert.deepEqual(heard.slice(2), [["update", 7, 305]]);
  // A gap in the list's stream is one for the page too.
  send({ seq: 310, previous: 308, kind: "update", post: { id: 7 } });
  assert.deepEqual(heard.slice(3), [["reload"], ["update", 7, 310]]);
  followed.close();
  send({ seq: 311, previous: 310, kind: "update", post: { id: 7 } });
  assert.equal(heard.length, 5, "closed: nothing more");
  assert.ok(!shared.closed, "the list's stream is the list's: it stays open");
  list.close();
});

test("a page opened after the kept events have moved on reads everything again", async () => {
  const list = new EventStream(() => 400);
  list.open();
  await settle();
  const shared = FakeSource.last;
  for (let seq = 401; seq <= 520; seq += 1) {
    shared.send({ seq, previous: seq - 1, kind: "update", post: { id: 9 } });
  }
  // The comments were read at 401; the oldest event kept is past it.
  const { heard, followed } = follow(401);
  assert.deepEqual(heard, [["reload"]]);
  followed.close();
  list.close();
});
