// The stream's comment kinds in the lists (Web/app/live-feed.js, followed-list.js) against a
// fake server and a fake EventSource: a `comment` or `uncomment` redraws its post as an
// `update` does (the new comment count; `likedByMe` only when the event says it), a
// `notification` shows nothing and keeps the sequence chain (no reload), and every event also
// reaches `streamEvents` (event-stream.js) for the bell.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadEngine } from "../../Web/toolkit/engine.js";
import { FakeSource } from "./support/fake-browser.mjs";

const engine = await loadEngine(readFileSync(new URL("../../Web/lots.wasm", import.meta.url)));

const server = { posts: [], sequence: 100, fetches: 0 };
globalThis.fetch = async () => {
  server.fetches += 1;
  return new Response(JSON.stringify({ items: server.posts.map((post) => ({ ...post })),
    nextCursor: null, sequence: server.sequence }),
  { status: 200, headers: { "Content-Type": "application/json" } });
};

const { LiveFeed } = await import("../../Web/app/live-feed.js");
const { FollowedList } = await import("../../Web/app/followed-list.js");
const { followingStream, streamEvents } = await import("../../Web/app/event-stream.js");

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const postOf = (id) => ({ id, author: { id: 1, username: "ana" },
  createdAt: new Date(Date.UTC(2026, 10, 26, 12, 0, id)).toISOString(), likeCount: 2,
  likedByMe: true, commentCount: 0, restaurant: "Pasta La Vista",
  photo: { width: 4, height: 3 } });
/** The post as the stream sends it: the viewer's like is not in it. */
const streamed = (post, more) => {
  const { likedByMe: _, ...rest } = post;
  return { ...rest, ...more };
};

/** Sends events in one chain from the server's sequence on. */
function sender() {
  let previous = server.sequence;
  return (event) => {
    server.sequence += 1;
    FakeSource.last.send({ seq: server.sequence, previous, ...event });
    previous = server.sequence;
  };
}

test("Main: comments redraw their post, a notification keeps the chain", async () => {
  server.posts = [postOf(3), postOf(2), postOf(1)];
  server.sequence = 100;
  const feed = new LiveFeed(engine, "/api/feed");
  const changes = [];
  feed.onChange = (change) => changes.push(change);
  await feed.start();
  await settle();
  const fetches = server.fetches;
  const heard = [];
  const listen = ({ detail }) => heard.push(detail.kind);
  streamEvents.addEventListener("event", listen);
  assert.ok(followingStream());
  const send = sender();

  send({ kind: "comment", postID: 2, post: streamed(postOf(2), { commentCount: 1 }),
    comment: { id: 7, postId: 2, author: { id: 5, username: "ben" }, body: "Yum" },
    commentID: 7 });
  assert.equal(feed.posts.get(2).commentCount, 1);
  assert.equal(feed.posts.get(2).likedByMe, true, "a comment does not say the viewer's like");
  assert.deepEqual(changes.at(-1).reloads, [1], "its cell redraws");

  send({ kind: "notification" });
  assert.equal(feed.state.needsResync, false);
  send({ kind: "uncomment", postID: 2, post: streamed(postOf(2), { commentCount: 0 }),
    commentID: 7 });
  assert.equal(feed.posts.get(2).commentCount, 0);
  send({ kind: "update", postID: 3, post: streamed(postOf(3)), likeCount: 3, likedByMe: false });
  assert.equal(feed.posts.get(3).likeCount, 3);
  assert.equal(feed.posts.get(3).likedByMe, false, "an update that says it sets it");
  await settle();
  assert.equal(server.fetches, fetches, "no gap: nothing read again");
  assert.equal(feed.state.lastSequence, server.sequence);
  assert.deepEqual(feed.ids, [3, 2, 1]);
  assert.deepEqual(heard, ["comment", "notification", "uncomment", "update"]);
  streamEvents.removeEventListener("event", listen);
  feed.close();
  assert.ok(!followingStream(), "a closed stream is not followed");
});

test("Inspire, Likes, profiles: comments redraw their post, a notification keeps the chain",
  async () => {
    server.posts = [postOf(3), postOf(2), postOf(1)];
    server.sequence = 200;
    const list = new FollowedList(engine, "/api/me/likes", {
      enters: (event) => event.likedByMe === true, leaves: (event) => event.likedByMe === false });
    const changes = [];
    list.onChange = (change) => changes.push(change);
    await list.next();
    await settle();
    const fetches = server.fetches;
    const send = sender();
    send({ kind: "comment", postID: 1,
      post: streamed(postOf(1), { commentCount: 4, likeCount: 9 }), commentID: 8 });
    assert.deepEqual(changes.at(-1).reloads, [2]);
    assert.equal(list.posts[2].commentCount, 4);
    assert.equal(list.posts[2].likeCount, 9);
    assert.equal(list.posts[2].likedByMe, true, "kept: the event does not say it");
    send({ kind: "notification" });
    assert.equal(changes.length, 1, "a notification shows nothing");
    send({ kind: "comment", postID: 99, post: streamed(postOf(99), { commentCount: 1 }),
      commentID: 9 });
    assert.equal(changes.length, 1, "a comment never brings a post into Likes");
    send({ kind: "uncomment", postID: 1, post: streamed(postOf(1), { commentCount: 3 }),
      commentID: 8 });
    assert.equal(list.posts[2].commentCount, 3);
    assert.deepEqual(list.posts.map((post) => post.id), [3, 2, 1], "nobody left");
    await settle();
    assert.equal(server.fetches, fetches, "no gap: nothing read again");
    list.close();
  });
