// The CollectionView's UIKit index arithmetic (Web/toolkit/changeset.js) against a brute-force
// model, over seeded random changesets: node --test Tests/web/
import { test } from "node:test";
import assert from "node:assert/strict";
import { IndexMapper, normalise } from "../../Web/toolkit/changeset.js";

function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

/** A random old → new change of one section, as a changeset and the expected mapping. */
function randomChange(random, count) {
  const old = Array.from({ length: count }, (_, i) => i);
  const deleted = new Set(old.filter(() => random(4) === 0));
  const moved = new Set(old.filter((i) => !deleted.has(i) && random(6) === 0));
  const next = old.filter((i) => !deleted.has(i) && !moved.has(i));
  let fresh = count;
  const placed = [...moved, ...Array.from({ length: random(5) }, () => fresh++)];
  for (const id of placed) next.splice(random(next.length + 1), 0, id);
  const changeset = {
    deletes: [...deleted],
    inserts: next.flatMap((id, index) => (id >= count ? [index] : [])),
    moves: [...moved].map((id) => ({ from: id, to: next.indexOf(id) })),
  };
  return { changeset, next };
}

test("survivors, moves and deletes map like UIKit's index spaces", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const random = generator(seed);
    for (const count of [0, 1, 2, 3, 19, 20, 21, 60]) {
      const { changeset, next } = randomChange(random, count);
      const mapper = new IndexMapper(normalise(changeset));
      for (let item = 0; item < count; item++) {
        const expected = next.indexOf(item);
        const actual = mapper.map({ section: 0, item });
        assert.deepEqual(actual, expected < 0 ? null : { section: 0, item: expected },
          `seed ${seed}, count ${count}, item ${item}`);
      }
    }
  }
});

test("index paths in other sections are untouched; numbers mean section 0", () => {
  const mapper = new IndexMapper(normalise({ deletes: [0], inserts: [{ section: 1, item: 0 }] }));
  assert.deepEqual(mapper.map({ section: 0, item: 1 }), { section: 0, item: 0 });
  assert.deepEqual(mapper.map({ section: 1, item: 0 }), { section: 1, item: 1 });
  assert.deepEqual(mapper.map({ section: 2, item: 5 }), { section: 2, item: 5 });
});
