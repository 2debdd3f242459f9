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

/** A random old → new change of several sections: some deleted, some inserted, items changed
 * inside the survivors; the expected new path of each old item by identity. */
function randomSectionChange(random) {
  const old = Array.from({ length: 1 + random(5) }, (_, s) =>
    Array.from({ length: random(8) }, (_, i) => `${s}.${i}`));
  const sectionDeletes = old.flatMap((_, s) => (random(4) === 0 ? [s] : []));
  const survivors = old.map((items, s) => ({ s, items })).filter(({ s }) => !sectionDeletes.includes(s));
  const changeset = { sectionDeletes, sectionInserts: [], deletes: [], inserts: [], moves: [] };
  const next = [];
  for (const { s, items } of survivors) {
    const { changeset: inner, next: order } = randomChange(random, items.length);
    next.push({ s, inner, items: order.map((i) => (i < items.length ? items[i] : `new${s}.${i}`)) });
  }
  for (let n = random(3); n > 0; n--) next.splice(random(next.length + 1), 0, { items: ["fresh"] });
  next.forEach((section, index) => {
    if (section.s === undefined) return changeset.sectionInserts.push(index);
    const at = (item) => ({ section: index, item });
    changeset.deletes.push(...section.inner.deletes.map((item) => ({ section: section.s, item })));
    changeset.inserts.push(...section.inner.inserts.map(at));
    changeset.moves.push(...section.inner.moves.map((m) => ({
      from: { section: section.s, item: m.from }, to: at(m.to) })));
  });
  return { old, next: next.map((s) => s.items), origins: next.map((s) => s.s), changeset };
}

test("sections inserted and deleted: survivors map by identity, deleted sections' items to null", () => {
  for (let seed = 1; seed <= 500; seed++) {
    const random = generator(seed);
    const { old, next, origins, changeset } = randomSectionChange(random);
    const mapper = new IndexMapper(normalise(changeset));
    old.forEach((items, s) => {
      const section = origins.indexOf(s);
      assert.equal(mapper.mapSection(s), section < 0 ? null : section, `seed ${seed}: section ${s}`);
      items.forEach((id, item) => {
        let expected = null;
        next.forEach((list, ns) => {
          const at = list.indexOf(id);
          if (at >= 0) expected = { section: ns, item: at };
        });
        assert.deepEqual(mapper.map({ section: s, item }), expected, `seed ${seed}: ${id}`);
      });
    });
  }
});

test("normalise sorts section indexes once each and keeps reconfigures", () => {
  const n = normalise({ sectionDeletes: [3, 1, 3], sectionInserts: [2], reconfigures: [4, 1] });
  assert.deepEqual(n.sectionDeletes, [1, 3]);
  assert.deepEqual(n.sectionInserts, [2]);
  assert.deepEqual(n.reconfigures, [{ section: 0, item: 1 }, { section: 0, item: 4 }]);
});
