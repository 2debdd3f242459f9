// Likes the server has not confirmed (Web/app/like-queue.js) against a fake fetch: what a button
// shows meanwhile, likes made while the server cannot be reached sent in order when it can,
// a post toggled again sending only its last state, one request per post at a time, refusals
// put back with a message, and what waits dropped on sign-out.
import assert from "node:assert/strict";
import test from "node:test";

import "./support/fake-browser.mjs";
import { countText } from "../../Web/app/list-status.js";
import { dropPendingLikes, likeChanges, shownLike, toggleLike }
  from "../../Web/app/like-queue.js";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The fake server: `likes` by post id, `down` while unreachable, every request in `calls`. */
const server = { likes: new Map(), down: false, calls: [], hold: null, refuse: null };
globalThis.fetch = async (path, { method }) => {
  server.calls.push(`${method} ${path}`);
  if (server.down) throw new TypeError("Failed to fetch");
  await server.hold?.promise;
  if (server.refuse) {
    return new Response(JSON.stringify({ error: { message: server.refuse } }), { status: 403 });
  }
  const id = Number(path.split("/")[3]);
  const liked = method === "PUT";
  server.likes.set(id, liked);
  return new Response(JSON.stringify({ liked, likeCount: liked ? 1 : 0 }), { status: 200 });
};

/** Every change announced, as [id, kind]. */
const heard = [];
likeChanges.addEventListener("change", ({ detail }) => {
  heard.push([detail.id, detail.confirmed ? "confirmed" : detail.refused ?? "changed"]);
});

function reset() {
  dropPendingLikes();
  Object.assign(server, { down: false, calls: [], hold: null, refuse: null });
  server.likes.clear();
  heard.length = 0;
}

test("the footer says what it counts", () => {
  assert.equal(countText(0, true), "");
  assert.equal(countText(1, true), "1 post in all");
  assert.equal(countText(40, false), "40 posts loaded · scroll for more");
  assert.equal(countText(210, true), "210 posts in all");
});

test("toggles made while the server cannot be reached wait, then go in order, last state only",
  async () => {
    reset();
    const a = { id: 1, likedByMe: false, likeCount: 4 };
    const b = { id: 2, likedByMe: true, likeCount: 1 };
    server.down = true;
    toggleLike(a);
    await settle();
    assert.deepEqual(shownLike(a), { liked: true, likeCount: 5, pending: true });
    toggleLike(b);
    await settle();
    assert.deepEqual(shownLike(b), { liked: false, likeCount: 0, pending: true });
    toggleLike(a);  // unliked: the server's state, still to be sent
    await settle();
    assert.deepEqual(shownLike(a), { liked: false, likeCount: 4, pending: true });
    toggleLike(a);
    await settle();
    assert.deepEqual(shownLike(a), { liked: true, likeCount: 5, pending: true });
    assert.equal(server.likes.size, 0);
    server.down = false;
    server.calls = [];
    dispatchEvent(new Event("online"));
    await settle();
    await settle();
    assert.deepEqual(server.calls, ["DELETE /api/posts/2/like", "PUT /api/posts/1/like"]);
    assert.deepEqual([...server.likes], [[2, false], [1, true]]);
    // The data takes the server's answers (as the lists do); nothing waits any more.
    assert.deepEqual(heard.filter(([, kind]) => kind === "confirmed"),
      [[2, "confirmed"], [1, "confirmed"]]);
    Object.assign(a, { likedByMe: true, likeCount: 1 });
    assert.deepEqual(shownLike(a), { liked: true, likeCount: 1, pending: false });
    reset();
  });

test("one request per post at a time: a toggle meanwhile is sent after the answer", async () => {
  reset();
  let release;
  server.hold = { promise: new Promise((resolve) => { release = resolve; }) };
  const post = { id: 3, likedByMe: false, likeCount: 0 };
  toggleLike(post);
  await settle();
  toggleLike(post);
  await settle();
  assert.deepEqual(server.calls, ["PUT /api/posts/3/like"]);
  assert.deepEqual(shownLike(post), { liked: false, likeCount: 0, pending: false });
  server.hold = null;
  release();
  for (let i = 0; i < 5; i++) await settle();
  assert.deepEqual(server.calls, ["PUT /api/posts/3/like", "DELETE /api/posts/3/like"]);
  assert.equal(server.likes.get(3), false);
  reset();
});

test("a refusal puts the post back as the server has it, with a message", async () => {
  reset();
  server.refuse = "you cannot like a post by someone who blocked you";
  const post = { id: 4, likedByMe: false, likeCount: 2 };
  toggleLike(post);
  assert.deepEqual(shownLike(post), { liked: true, likeCount: 3, pending: false });
  for (let i = 0; i < 3; i++) await settle();
  assert.deepEqual(shownLike(post), { liked: false, likeCount: 2, pending: false });
  assert.deepEqual(heard.at(-1),
    [4, "Like failed: you cannot like a post by someone who blocked you"]);
  reset();
});

test("signing out drops what waits: nothing is sent when the connection returns", async () => {
  reset();
  server.down = true;
  const post = { id: 5, likedByMe: false, likeCount: 0 };
  toggleLike(post);
  await settle();
  assert.equal(shownLike(post).pending, true);
  dropPendingLikes();
  assert.deepEqual(shownLike(post), { liked: false, likeCount: 0, pending: false });
  server.down = false;
  server.calls = [];
  dispatchEvent(new Event("online"));
  await settle();
  assert.deepEqual(server.calls, []);
  reset();
});
