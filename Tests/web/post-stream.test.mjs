// A post's page on the change stream (Web/app/post-stream.js), against a fake EventSource:
// it resumes from the sequence the comments were read at, hands on only the events about its
// post (an edit, a comment, a deleted comment, the post deleted), asks for a reload after a
// gap or a reset, and closes its stream when the page leaves the document.
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
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function follow(since = 40) {
  const page = { isConnected: true, parentNode: {} };
  const heard = [];
  const handlers = {
    update: (post, event) => heard.push(["update", post.id, event.seq]),
    comment: (event) => heard.push(["comment", event.comment?.id ?? null]),
    uncomment: (event) => heard.push(["uncomment", event.commentID]),
    gone: () => heard.push(["gone"]),
    reload: () => heard.push(["reload"]),
  };
  const followed = followPost(7, since, handlers, page);
  return { page, heard, followed, source: FakeSource.last };
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
});

test("a gap or a reset asks the page to read everything again, and it goes on from there",
  async () => {
    const { heard, followed, source } = follow(40);
    await settle();
    source.send({ seq: 45, previous: 44, kind: "update", post: { id: 7 } });  // 41–44 missed
    assert.deepEqual(heard, [["reload"], ["update", 7, 45]]);
    source.send({ seq: 46, previous: 45, kind: "update", post: { id: 7 } });
    source.send({ seq: 60, previous: 46, kind: "reset" });
    assert.deepEqual(heard.slice(2), [["update", 7, 46], ["reload"]]);
    // A cut resumes from the last event applied.
    source.fail();
    followed.close();
  });

test("from now when the comments could not be read", async () => {
  const { followed, source } = follow(null);
  assert.match(source.url, /\/api\/stream$/);
  followed.close();
});

test("the stream closes when the page leaves the document, not before", async () => {
  const { page, source } = follow(40);
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
