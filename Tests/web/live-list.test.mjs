// The engine's live list through WebAssembly: pages and chained stream events in, changesets
// out, each one turning the ids shown before into the ids shown after.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadEngine } from "../../Web/toolkit/engine.js";
import { applyChangeset } from "./support/apply-changeset.mjs";

const engine = await loadEngine(readFileSync(new URL("../../Web/lots.wasm", import.meta.url)));

/** Post `id`, newest first (key -id), by `author`, at content `version`. */
const post = (id, author = 1, version = 0) => ({ id, key: [-id, -id], author, version });

test("pages, chained events, held inserts and a gap, as the Swift list decides", () => {
  const list = engine.liveList();
  try {
    const first = list.page([post(5), post(4), post(3)], { next: [-3, -3], snapshot: 10 });
    assert.deepEqual(first.inserts, [0, 1, 2]);
    assert.deepEqual(list.ids(), [5, 4, 3]);
    // Sequence 12 follows 10 on this filtered stream: applied at the top.
    assert.deepEqual(list.event("insert", 12, 10, post(6)).inserts, [0]);
    // The reader scrolls down: a newer post waits behind "1 new post".
    list.setFirstVisible(2);
    assert.deepEqual(list.event("insert", 13, 12, post(7)).inserts, []);
    assert.equal(list.state.newCount, 1);
    assert.deepEqual(list.showNew().inserts, [0]);
    assert.deepEqual(list.ids(), [7, 6, 5, 4, 3]);
    // Back at the top: a like redraws in place; a block drops the author's posts.
    list.setFirstVisible(0);
    const update = list.event("update", 14, 13, post(5, 1, 1));
    assert.deepEqual(update.reloads, [2]);
    assert.deepEqual(update.reconfigures, [2]);
    list.event("insert", 15, 14, post(8, 2));
    assert.deepEqual(list.event("block", 16, 15, 2).deletes, [0]);
    // An event whose previous is not the last one applied: events were lost.
    assert.deepEqual(list.event("delete", 18, 17, 4).deletes, []);
    const state = list.state;
    assert.equal(state.needsResync, true);
    assert.equal(state.lastSequence, 16);
    assert.deepEqual(state.next, [-3, -3]);
  } finally {
    list.destroy();
  }
});

test("seeded random streams: every changeset turns the old ids into the new", () => {
  const seed = Number(process.env.LOTS_SEED ?? Date.now() % 100000);
  let state = seed;
  const random = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  try {
    for (let run = 0; run < 50; run++) {
      const list = engine.liveList();
      const versions = new Map();
      let shown = [];
      const page = Array.from({ length: random(30) }, (_, i) => post(100 + i * 2));
      const firstPage = list.page(page, { snapshot: 0 });
      shown = applyChangeset(shown, list.ids(), firstPage);
      let sequence = 0;
      for (let step = 0; step < 60; step++) {
        const id = 1 + random(160);
        const kind = ["insert", "update", "delete", "firstVisible"][random(4)];
        let changes;
        if (kind === "firstVisible") {
          list.setFirstVisible(random(shown.length + 1));
          changes = random(3) === 0 ? list.showNew() : { deletes: [], inserts: [], moves: [] };
        } else {
          versions.set(id, (versions.get(id) ?? 0) + 1);
          const payload = kind === "delete" ? id : post(id, 1, versions.get(id));
          changes = list.event(kind, sequence + 1, sequence, payload);
          sequence += 1;
        }
        const after = list.ids();
        assert.deepEqual(applyChangeset(shown, after, changes), after, `run ${run} step ${step}`);
        shown = after;
      }
      list.destroy();
    }
  } catch (error) {
    error.message += ` (LOTS_SEED=${seed})`;
    throw error;
  }
});

test("hostile input is refused with an error, never a trap", () => {
  const list = engine.liveList();
  try {
    assert.throws(() => list.page([], { snapshot: NaN }), RangeError);
    assert.throws(() => list.event("explode", 1, 0), RangeError);
    assert.throws(() => list.event("insert", Infinity, 0, post(1)), RangeError);
    assert.throws(() => list.setFirstVisible(NaN), RangeError);
    assert.equal(list.ids().length, 0);
  } finally {
    list.destroy();
  }
  assert.throws(() => list.ids(), /destroyed/);
});

test("lists are freed: creating and destroying many never runs out of handles", () => {
  for (let i = 0; i < 500; i++) engine.liveList().destroy();
});
