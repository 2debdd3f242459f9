// Batch updates as engine updates (Web/toolkit/engine-updates.js) against the real
// Web/lots.wasm: seeded random changesets applied incrementally must leave every element's
// attributes equal (within 1e-9) to a fresh prepare of the new sections. node --test Tests/web/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ROW } from "../../Web/toolkit/abi.js";
import { loadEngine } from "../../Web/toolkit/engine.js";
import { normalise } from "../../Web/toolkit/changeset.js";
import {
  applyPlan, planUpdates, resizedShape, shapeOf, withoutResizes,
} from "../../Web/toolkit/engine-updates.js";

const engine = await loadEngine(readFileSync(new URL("../../Web/lots.wasm", import.meta.url)));
const EDGE_COUNTS = [0, 1, 2, 3, 19, 20, 21];

/** A seeded generator (mulberry32): `next()` in [0, 1), `int(n)` in 0..<n. */
function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)] };
}

const OPTIONS = {
  waterfall: (r, sections) => ({
    kind: "waterfall", columnCount: 1 + r.int(4), headerHeight: r.pick([0, 30]),
    footerHeight: r.pick([0, 12]),
    sectionInset: { top: r.int(12), left: r.int(12), bottom: 4, right: 6 },
    itemRenderDirection: r.pick(["shortestFirst", "leftToRight", "rightToLeft"]),
    pinsSectionHeaders: r.next() < 0.5, extraHeight: r.pick([0, 52]),
    minimumContentHeight: r.pick([0, 2000]),
    columnCounts: r.next() < 0.3 ? sections.map(() => 1 + r.int(4)) : undefined,
  }),
  mosaic: (r) => ({
    kind: "mosaic", columnCount: 2 + r.int(3), alternatesSides: r.next() < 0.5,
    headerHeight: r.pick([0, 24]), footerHeight: r.pick([0, 10]),
    pattern: r.next() < 0.5 ? [{ columns: 2, rows: 2 }, { columns: 1, rows: 1 }] : undefined,
  }),
  grid: (r) => ({
    kind: "grid", aspectRatio: r.pick([1, 10 / 7, 0.75]), extraHeight: r.pick([0, 65]),
    headerHeight: r.pick([0, 40]), pinsSectionHeaders: r.next() < 0.5,
    ...(r.next() < 0.5 ? { minimumItemWidth: 90 + r.int(100) } : { columnCount: 1 + r.int(4) }),
  }),
  carousel: (r) => ({ kind: "carousel", itemSize: { width: 120 + r.int(100), height: 180 },
    isInfiniteScrollEnabled: r.next() < 0.5 }),
  infinite: (r) => ({ kind: "infinite", itemSize: { width: 100, height: 100 },
    repeatsItemsOnScreen: r.next() < 0.5 }),
  snap: (r) => ({ kind: "snap", axis: r.pick(["horizontal", "vertical"]) }),
  stack: () => ({ kind: "stack" }),
};
const SCROLLING = new Set(["carousel", "infinite", "snap"]);

let nextId = 0;
const randomItem = (r) => ({
  id: nextId++, width: 100 + r.int(1900), height: 100 + r.int(1900), fullSpan: r.next() < 0.08,
});

/** A context for sections of {id, width, height, fullSpan} items, as objects or packed sizes. */
function contextOf(base, sections, r) {
  return { ...base, sections: sections.map((section) => {
    const { items, ...chrome } = section;
    if (r.next() < 0.5) return { ...chrome, items };
    const sizes = new Float64Array(items.flatMap((i) => [i.width, i.height, i.fullSpan ? 1 : 0]));
    return { ...chrome, sizes };
  }) };
}

/**
 * A random change of `sections`: deletes, moves (also across sections), reloads (new sizes)
 * and inserts, as a changeset in UIKit's index spaces (shuffled, section 0 sometimes as bare
 * numbers) and the new sections.
 */
function randomChange(r, sections) {
  const rate = r.pick([0, 0.03, 0.1, 0.3, 0.6]);
  const deletes = [], reloads = [], moved = [];
  const next = sections.map((section, s) => {
    const items = [];
    section.items.forEach((item, i) => {
      const roll = r.next();
      if (roll < rate) deletes.push({ section: s, item: i });
      else if (roll < 1.5 * rate) moved.push({ from: { section: s, item: i }, item });
      else if (roll < 2 * rate) {
        reloads.push({ section: s, item: i });
        items.push({ ...randomItem(r), id: item.id });
      } else items.push(item);
    });
    return { ...section, items };
  });
  const fresh = Array.from({ length: r.pick([0, 1, 3, 30, r.int(12)]) }, () => randomItem(r));
  const appendOnly = r.next() < 0.2;
  for (const item of [...moved.map((m) => m.item), ...fresh]) {
    const items = next[r.int(next.length)].items;
    items.splice(appendOnly ? items.length : r.int(items.length + 1), 0, item);
  }
  const where = new Map();
  next.forEach((section, s) =>
    section.items.forEach((item, i) => where.set(item.id, { section: s, item: i })));
  const changeset = {
    deletes, reloads, inserts: fresh.map((item) => where.get(item.id)),
    moves: moved.map((m) => ({ from: m.from, to: where.get(m.item.id) })),
  };
  const bare = (p) => (p.section === 0 && r.next() < 0.5 ? p.item : p);
  const shuffle = (list) =>
    list.map((v) => [r.next(), v]).sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  for (const key of ["deletes", "reloads", "inserts"]) {
    changeset[key] = shuffle(changeset[key].map(bare));
  }
  changeset.moves = shuffle(changeset.moves.map((m) => ({ from: bare(m.from), to: bare(m.to) })));
  return { changeset, sections: next };
}

/** Every query row of a layout, sorted, at the offsets a view could be at. */
function snapshot(layout, kind, viewport) {
  const size = layout.contentSize;
  const rows = [[size.width, size.height]];
  const take = (rect, offset) => {
    const { count, data } = layout.query(rect, offset);
    const found = [];
    for (let i = 0; i < count; i++) {
      found.push(Array.from(data.subarray(i * ROW.stride, (i + 1) * ROW.stride)));
    }
    found.sort((a, b) => a[ROW.section] - b[ROW.section] || a[ROW.kind] - b[ROW.kind] ||
      a[ROW.item] - b[ROW.item] || a[ROW.x] - b[ROW.x] || a[ROW.y] - b[ROW.y]);
    rows.push(...found, ["end"]);
  };
  if (SCROLLING.has(kind)) {
    const start = layout.initialOffset;
    rows.push([start.x, start.y]);
    for (const step of [-2, 0, 1, 5]) {
      const offset = { x: Math.max(0, start.x + step * 173), y: Math.max(0, start.y + step * 173) };
      take({ ...offset, ...viewport }, offset);
    }
  } else {
    for (const y of [0, size.height / 2]) {
      take({ x: -1, y: -1, width: size.width + 2, height: size.height + 2 }, { x: 0, y });
    }
  }
  return rows;
}

function assertSameRows(actual, expected, message) {
  assert.equal(actual.length, expected.length,
    `${message}: ${actual.length} rows vs ${expected.length}`);
  actual.forEach((row, i) => row.forEach((value, j) => {
    const want = expected[i][j];
    assert.ok(value === want || Math.abs(value - want) <= 1e-9,
      `${message}: row ${i} [${row.slice(0, 3)}] value ${j}: ${value} vs ${want}`);
  }));
}

test("random changesets applied as engine updates equal a fresh prepare", () => {
  let applied = 0;
  let runs = 0;
  for (const kind of Object.keys(OPTIONS)) {
    for (let seed = 1; seed <= 16; seed++) {
      const r = seeded(seed * 7919 + kind.length);
      const where = `seed ${seed}, ${kind}`;
      let sections = Array.from({ length: 1 + r.int(3) }, () => ({
        items: Array.from({ length: r.next() < 0.5 ? r.pick(EDGE_COUNTS) : r.int(60) },
          () => randomItem(r)),
        ...(r.next() < 0.3 ? { headerHeight: r.pick([0, 18, NaN]) } : {}),
        ...(r.next() < 0.3 ? { footerHeight: r.pick([0, 9]) } : {}),
      }));
      const options = OPTIONS[kind](r, sections);
      let viewport = { width: 280 + r.int(900), height: 300 + r.int(700) };
      const base = { displayScale: r.pick([0, 1, 2, 3]), direction: r.pick(["ltr", "rtl"]) };
      let context = contextOf({ ...base, viewport }, sections, r);
      const layout = engine.layout(options).prepare(context);
      let shape = shapeOf(context);
      for (let step = 0; step < 6; step++) {
        if (r.next() < 0.25) {
          // A resize between batches, as CollectionView.resized() makes it (the height alone,
          // or both).
          const width = r.next() < 0.5 ? viewport.width : 280 + r.int(900);
          viewport = { width, height: 300 + r.int(700) };
          if (SCROLLING.has(kind)) layout.resizeKeepingFocus(width, viewport.height, { x: 0, y: 0 });
          else layout.resize(width, viewport.height);
          shape = resizedShape(shape, viewport.width, viewport.height);
        }
        const change = randomChange(r, sections);
        const next = contextOf({ ...base, viewport }, change.sections, r);
        const at = `${where}, step ${step} (${JSON.stringify(change.changeset).slice(0, 300)})`;
        try {
          const plan = planUpdates(shape, change.changeset, next, Infinity);
          assert.ok(plan, "a valid changeset has a plan");
          applyPlan(layout, plan);
          runs += plan.length;
        } catch (error) {
          throw new Error(`${at}: ${error.message}`, { cause: error });
        }
        const fresh = engine.layout(options).prepare(next);
        assertSameRows(snapshot(layout, kind, viewport), snapshot(fresh, kind, viewport), at);
        fresh.destroy();
        sections = change.sections;
        context = next;
        shape = shapeOf(context);
        applied++;
      }
      layout.destroy();
    }
  }
  assert.ok(applied >= 500, `${applied} changesets`);
  assert.ok(runs > applied, "the changesets made engine updates");
});

const photo = (i) => ({ width: 1000, height: 500 + (i * 37) % 1000 });
const contextWith = (counts, extra = {}) => ({
  viewport: { width: 800, height: 600 }, displayScale: 2, ...extra,
  sections: counts.map((count) => ({ items: Array.from({ length: count }, (_, i) => photo(i)) })),
});

test("deletes run descending and inserts ascending, consecutive items coalesced", () => {
  const shape = shapeOf(contextWith([10, 4]));
  const next = contextWith([8, 5]);
  const plan = planUpdates(shape, {
    deletes: [3, 1, { section: 0, item: 2 }, 7], inserts: [5, 0, 1],
    moves: [{ from: 9, to: { section: 1, item: 4 } }], reloads: [{ section: 1, item: 0 }],
  }, next, Infinity);
  const summary = ({ items, ...rest }) => ({ ...rest, ...(items ? { inserted: items.length } : {}) });
  assert.deepEqual(plan.map(summary), [
    { section: 1, index: 0, count: 1 },
    { section: 0, index: 9, count: 1 }, { section: 0, index: 7, count: 1 },
    { section: 0, index: 1, count: 3 },
    { section: 0, index: 0, inserted: 2 }, { section: 0, index: 5, inserted: 1 },
    { section: 1, index: 0, inserted: 1 }, { section: 1, index: 4, inserted: 1 },
  ]);
});

test("anything a changeset cannot express is a full prepare (no plan)", () => {
  const shape = shapeOf(contextWith([5, 5]));
  const plan = (changeset, next = contextWith([5, 5])) =>
    planUpdates(shape, changeset, next, Infinity);
  assert.ok(plan({ deletes: [0], inserts: [4] }));
  assert.equal(plan({}, contextWith([5, 5, 0])), null, "a section added");
  const resized = contextWith([5, 5], { viewport: { width: 801, height: 600 } });
  assert.equal(plan({}, resized), null, "resized");
  assert.equal(plan({}, contextWith([5, 5], { displayScale: 3 })), null, "display scale");
  assert.equal(plan({}, contextWith([5, 5], { direction: "rtl" })), null, "direction");
  const header = contextWith([5, 5]);
  header.sections[1].headerHeight = 20;
  assert.equal(plan({}, header), null, "a header height");
  assert.equal(plan({ deletes: [0] }), null, "counts do not add up");
  assert.equal(plan({ deletes: [5], inserts: [4] }), null, "out of range");
  assert.equal(plan({ deletes: [1, 1], inserts: [3, 4] }), null, "a delete twice");
  assert.equal(plan({ deletes: [1], reloads: [1], inserts: [4] }), null, "a deleted item reloaded");
  assert.equal(plan({ deletes: [{ section: 2, item: 0 }], inserts: [4] }), null, "no such section");
  assert.equal(plan({ deletes: [0.5], inserts: [4] }), null, "not an index");
  assert.equal(planUpdates(null, {}, contextWith([5, 5])), null, "never prepared");
  // Same section count, but one deleted and one inserted: the items' sections moved.
  assert.equal(plan({ sectionDeletes: [0], sectionInserts: [1] }), null, "sections replaced");
});

test("a reload whose item kept its size is a reconfigure; a resized one stays a reload", () => {
  const before = [{ items: [{ width: 4, height: 3 }, { width: 1, height: 1 }, { width: 2, height: 5 }] }];
  const after = [{ items: [{ width: 9, height: 9 }, { width: 4, height: 3 }, { width: 1, height: 1 },
    { width: 2, height: 6 }] }];
  const result = withoutResizes(normalise({ inserts: [0], reloads: [0, 1, 2] }), before, after);
  assert.deepEqual(result.reloads, [{ section: 0, item: 2 }], "the height changed");
  assert.deepEqual(result.reconfigures, [{ section: 0, item: 1 }, { section: 0, item: 2 }]);
  const packed = (...values) => [{ sizes: new Float64Array(values) }];
  const flags = withoutResizes(normalise({ reloads: [0, 1] }), packed(1, 1, 0, 2, 2, 0),
    packed(1, 1, Infinity, 2, 2, 1));
  assert.deepEqual(flags.reloads, [{ section: 0, item: 1 }], "became full span");
  assert.deepEqual(flags.reconfigures, [{ section: 0, item: 0 }], "Infinity reads as no flag");
});

test("a plan relays out at most what a full prepare would, by default", () => {
  const shape = shapeOf(contextWith([100_000]));
  const page = Array.from({ length: 30 }, (_, i) => 100_000 + i);
  const append = planUpdates(shape, { inserts: page }, contextWith([100_030]));
  assert.equal(append.length, 1);
  assert.equal(append[0].items.length, 30);
  const moves = { moves: [{ from: 0, to: 99_999 }, { from: 99_999, to: 0 }] };
  assert.equal(planUpdates(shape, moves, contextWith([100_000])), null);
  assert.ok(planUpdates(shape, moves, contextWith([100_000]), Infinity));
});

test("insertItems takes packed size triples like prepare", () => {
  const items = Array.from({ length: 50 }, (_, i) => ({ ...photo(i), fullSpan: i % 7 === 0 }));
  const packed = new Float64Array(items.flatMap((i) => [i.width, i.height, i.fullSpan ? 1 : 0]));
  const context = (list) =>
    ({ viewport: { width: 700, height: 500 }, sections: [{ items: list }] });
  const a = engine.layout({ kind: "waterfall" }).prepare(context(items.slice(0, 10)));
  const b = engine.layout({ kind: "waterfall" }).prepare(context(items.slice(0, 10)));
  a.insertItems(0, 5, items.slice(10));
  b.insertItems(0, 5, packed.subarray(30));
  const all = { x: 0, y: 0, width: 700, height: a.contentSize.height };
  assert.deepEqual(b.attributes(all), a.attributes(all));
  assert.throws(() => b.insertItems(0, 0, new Float64Array(4)), /triples/);
  a.destroy();
  b.destroy();
});
