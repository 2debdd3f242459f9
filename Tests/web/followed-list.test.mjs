// A list kept current by the change stream (Web/app/followed-list.js) against a fake server and
// a fake EventSource: after every event, the changeset it reports turns the posts shown before
// into the posts shown after, and those are the server's; a gap reloads to the server's list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadEngine } from "../../Web/toolkit/engine.js";
import { applyChangeset } from "./support/apply-changeset.mjs";
import { FakeSource } from "./support/fake-browser.mjs";

const engine = await loadEngine(readFileSync(new URL("../../Web/lots.wasm", import.meta.url)));


/** The server's list (newest first) and its pages: `?limit=&cursor=` where the cursor is an offset. */
const server = { posts: [], sequence: 0, fetches: 0 };
globalThis.fetch = async (path) => {
  server.fetches += 1;
  const query = new URL(path, "http://lots.test").searchParams;
  const limit = Number(query.get("limit"));
  const offset = Number(query.get("cursor") ?? 0);
  const items = server.posts.slice(offset, offset + limit).map((post) => ({ ...post }));
  const more = offset + limit < server.posts.length;
  return new Response(JSON.stringify({ items, nextCursor: more ? String(offset + limit) : null,
    sequence: server.sequence }), { status: 200, headers: { "Content-Type": "application/json" } });
};

const { FollowedList } = await import("../../Web/app/followed-list.js");

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const postOf = (id, author) => ({ id, author: { id: author, username: `u${author}` },
  likeCount: 0, likedByMe: true, photo: { width: 4, height: 3 } });

test("stream events keep a liked-posts list the server's, changeset by changeset", async () => {
  const seed = Number(process.env.SEED ?? Date.now() % 100000);
  console.log(`followed-list property seed ${seed} (SEED=${seed} to repeat)`);
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (array) => array[Math.floor(random() * array.length)];
  let nextID = 1;
  server.posts = Array.from({ length: 50 }, () => postOf(nextID++, 1 + Math.floor(random() * 5)));
  server.sequence = 100;
  const list = new FollowedList(engine, "/api/me/likes", {
    enters: (event) => event.likedByMe === true, leaves: (event) => event.likedByMe === false });
  let shown = [];
  list.onChange = (changes) => {
    shown = applyChangeset(shown, list.posts.map((p) => p.id), changes);
  };
  const items = await list.next();
  shown = items.map((p) => p.id);
  while (!list.finished) shown.push(...(await list.next()).map((p) => p.id));
  await settle();
  assert.match(FakeSource.last.url, /since=100$/);
  let previous = 100;
  const send = (event) => {
    server.sequence += 1;
    FakeSource.last.send({ seq: server.sequence, previous, ...event });
    previous = server.sequence;
  };
  for (let step = 0; step < 400; step++) {
    const roll = random();
    const target = server.posts.length ? pick(server.posts) : null;
    let what;
    if (roll < 0.2 && target) {
      what = `delete ${target.id}`;
      server.posts = server.posts.filter((p) => p.id !== target.id);
      send({ kind: pick(["delete", "hide"]), postID: target.id });
    } else if (roll < 0.3) {
      const author = 1 + Math.floor(random() * 6);
      what = `block ${author}`;
      server.posts = server.posts.filter((p) => p.author.id !== author);
      send({ kind: "block", authorID: author });
    } else if (roll < 0.5) {
      const post = { ...postOf(nextID++, 1 + Math.floor(random() * 5)), likeCount: 1 };
      what = `like ${post.id} elsewhere`;
      server.posts.unshift(post);
      send({ kind: "update", postID: post.id, post: { ...post, likedByMe: false }, likeCount: 1,
        likedByMe: true });
    } else if (roll < 0.65 && target) {
      what = `unlike ${target.id}`;
      server.posts = server.posts.filter((p) => p.id !== target.id);
      send({ kind: "update", postID: target.id, post: target, likeCount: 0, likedByMe: false });
    } else if (roll < 0.9 && target) {
      what = `someone likes ${target.id}`;
      target.likeCount += 1;
      send({ kind: "update", postID: target.id, post: { ...target, likedByMe: false },
        likeCount: target.likeCount });
    } else {
      what = "a gap: the list reloads";
      server.sequence += 3;
      server.posts.splice(0, 1);
      previous = server.sequence;  // the events in between never arrive
      send({ kind: "insert", postID: 0, post: postOf(0, 1) });
      await settle();
      await settle();
      previous = server.sequence;
      FakeSource.last.onopen?.();
    }
    await settle();
    const expected = server.posts.map((p) => p.id);
    assert.deepEqual(list.posts.map((p) => p.id), expected, `step ${step}: ${what}`);
    assert.deepEqual(shown, expected, `step ${step}: ${what}: the changesets`);
    for (const post of list.posts) {
      const truth = server.posts.find((p) => p.id === post.id);
      assert.equal(post.likeCount, truth.likeCount, `step ${step}: ${what}: post ${post.id}`);
      assert.equal(post.likedByMe, true);
    }
  }
  list.close();
  assert.ok(FakeSource.last.closed);
});
