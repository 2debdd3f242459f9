// Unit tests of the WebAssembly engine through its JS API, with node's built-in runner:
//   node --test Tests/web/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadEngine } from "../../Web/toolkit/engine.js";

const engine = await loadEngine(readFileSync(new URL("../../Web/lots.wasm", import.meta.url)));
const photo = (width, height) => ({ width, height });

test("waterfall places photos in the shortest column", () => {
  const layout = engine.layout({ kind: "waterfall" }).prepare({
    viewport: { width: 320, height: 600 }, displayScale: 0,
    sections: [{ items: [photo(100, 100), photo(100, 200), photo(200, 100), photo(50, 50)] }],
  });
  const frames = layout.attributes({ x: 0, y: 0, width: 320, height: 1000 })
    .sort((a, b) => a.item - b.item).map((e) => e.frame);
  assert.deepEqual(frames, [
    { x: 0, y: 0, width: 155, height: 155 }, { x: 165, y: 0, width: 155, height: 310 },
    { x: 0, y: 165, width: 155, height: 77.5 }, { x: 0, y: 252.5, width: 155, height: 155 },
  ]);
  assert.deepEqual(layout.contentSize, { width: 320, height: 407.5 });
  layout.destroy();
});

test("appending a page equals preparing everything", () => {
  const items = Array.from({ length: 500 }, (_, i) => photo(1000, 500 + (i * 37) % 1000));
  const whole = engine.layout({ kind: "waterfall", columnCount: 3 }).prepare({
    viewport: { width: 900, height: 800 }, sections: [{ items }],
  });
  const paged = engine.layout({ kind: "waterfall", columnCount: 3 }).prepare({
    viewport: { width: 900, height: 800 }, sections: [{ items: items.slice(0, 100) }],
  });
  for (let start = 100; start < 500; start += 100) {
    paged.insertItems(0, start, items.slice(start, start + 100));
  }
  const all = { x: 0, y: 0, width: 900, height: whole.contentSize.height };
  assert.deepEqual(paged.attributes(all), whole.attributes(all));
  whole.destroy();
  paged.destroy();
});

test("the mosaic's inspire group and the Bounty grid", () => {
  const mosaic = engine.layout({ kind: "mosaic" }).prepare({
    viewport: { width: 320, height: 600 }, sections: [{ items: Array(6).fill(photo(1, 1)) }],
  });
  assert.deepEqual(mosaic.element("cell", 0, 0).frame, { x: 0, y: 0, width: 210, height: 210 });
  assert.deepEqual(mosaic.element("cell", 0, 5).frame, { x: 220, y: 220, width: 100, height: 100 });
  const bounty = engine.layout({ kind: "grid", aspectRatio: 10 / 7, extraHeight: 65 }).prepare({
    viewport: { width: 350, height: 600 }, displayScale: 0, sections: [{ items: Array(8).fill(photo(1, 1)) }],
  });
  assert.deepEqual(bounty.element("cell", 0, 3).frame,
    { x: 180, y: 170 * 10 / 7 + 65 + 10, width: 170, height: 170 * 10 / 7 + 65 });
});

test("bad handles and indices are rejected, never a trap", () => {
  const layout = engine.layout({ kind: "grid" }).prepare({
    viewport: { width: 100, height: 100 }, sections: [{ items: [photo(1, 1)] }],
  });
  assert.throws(() => layout.deleteItems(0, 1, 5), /rejected/);
  assert.throws(() => layout.insertItems(3, 0, [photo(1, 1)]), /rejected/);
  assert.equal(layout.element("cell", 9, 9), null);
  assert.equal(engine.exports.lots_layout_query(12345, 0, 0, 1, 1, 0, 0), -1);
  assert.throws(() => engine.layout({ kind: "spiral" }), /unknown layout kind/);
  layout.destroy();
});

test("hostile numbers never produce NaN", () => {
  const layout = engine.layout({ kind: "waterfall", columnCount: -3, minimumColumnSpacing: NaN })
    .prepare({
      viewport: { width: Infinity, height: NaN }, displayScale: NaN,
      sections: [{ items: [photo(NaN, 0), photo(-1, Infinity)], headerHeight: -Infinity }],
    });
  const all = layout.attributes({ x: -1e9, y: -1e9, width: 2e9, height: 2e9 });
  for (const element of all) {
    for (const value of Object.values(element.frame)) assert.ok(Number.isFinite(value));
  }
});

test("memory is reused: a thousand prepares do not grow the heap without bound", () => {
  const items = Array.from({ length: 10_000 }, (_, i) => photo(1000, 500 + i % 700));
  const layout = engine.layout({ kind: "waterfall" });
  layout.prepare({ viewport: { width: 800, height: 600 }, sections: [{ items }] });
  const before = engine.heapSize;
  for (let i = 0; i < 1000; i++) {
    layout.prepare({ viewport: { width: 800 + (i % 3), height: 600 }, sections: [{ items }] });
  }
  assert.ok(engine.heapSize <= before * 2, `heap grew from ${before} to ${engine.heapSize}`);
  layout.destroy();
});

test("packed sizes lay out exactly like item objects", () => {
  const items = Array.from({ length: 1000 }, (_, i) => photo(1000, 400 + (i * 53) % 1200));
  const packed = new Float64Array(items.flatMap((item, i) => [item.width, item.height, i % 97 === 0 ? 1 : 0]));
  const objects = items.map((item, i) => ({ ...item, fullSpan: i % 97 === 0 }));
  const a = engine.layout({ kind: "waterfall" }).prepare({ viewport: { width: 700, height: 900 }, sections: [{ items: objects }] });
  const b = engine.layout({ kind: "waterfall" }).prepare({ viewport: { width: 700, height: 900 }, sections: [{ sizes: packed }] });
  const all = { x: 0, y: 0, width: 700, height: a.contentSize.height };
  assert.deepEqual(b.attributes(all), a.attributes(all));
  a.destroy();
  b.destroy();
});

test("a malformed context is a clear error, not a TypeError from deep inside", () => {
  const layout = engine.layout({ kind: "grid" });
  assert.throws(() => layout.prepare({ sections: [] }), /context\.viewport must be/);
  assert.throws(() => layout.prepare({ viewport: { width: 1, height: 1 }, sections: [{}] }),
    /sections\[0\] needs items/);
  assert.throws(
    () => layout.prepare({ viewport: { width: 1, height: 1 }, sections: [{ sizes: new Float64Array(4) }] }),
    /sections\[0\] needs items .* triples/);
  assert.throws(() => layout.prepare({ viewport: { width: 1, height: 1 }, sections: [{ items: [{ width: 1, height: 1 }, null] }] }),
    /items\[1\] must be \{width, height\}, not null/);
  layout.destroy();
});

test("hostile counts sent straight to the exports are rejected, never a trap", () => {
  const x = engine.exports;
  const layout = engine.layout({ kind: "waterfall" }).prepare({
    viewport: { width: 100, height: 100 }, sections: [{ items: [photo(1, 1)] }],
  });
  const huge = 0x7fffffff;
  assert.equal(x.lots_layout_insert_items(layout.handle, 0, 1, huge), -1);
  assert.equal(x.lots_layout_insert_items(layout.handle, 0, 1, 0x30000000), -1);
  assert.equal(x.lots_layout_delete_items(layout.handle, 0, huge, huge), -1);
  assert.equal(x.lots_diff(huge, huge), -1);
  assert.equal(x.lots_diff(0x40000000, 0x40000000), -1);
  // A context announcing 10^9 sections, then 10^9 items in one section.
  engine.input([100, 100, 0, 0, 0, 0, 1, 0, 1e9]);
  assert.equal(x.lots_layout_prepare(layout.handle, 9), -1);
  engine.input([100, 100, 0, 0, 0, 0, 1, 0, 2, 1e9, NaN, NaN, 1e9, NaN, NaN]);
  assert.equal(x.lots_layout_prepare(layout.handle, 15), -1);
  // The layout is still usable afterwards.
  assert.equal(layout.attributes({ x: 0, y: 0, width: 100, height: 100 }).length, 1);
  layout.destroy();
});

test("staged items: counts must match, and staging again never changes a laid-out layout", () => {
  const x = engine.exports;
  assert.equal(x.lots_items((1 << 24) + 1), 0);
  // A refused call leaves nothing staged: the one item staged before it is gone.
  const probe = engine.layout({ kind: "grid" });
  engine.stageItems([{ items: [photo(1, 1)] }]);
  assert.equal(x.lots_items(-1), 0);
  engine.input([300, 300, 0, 0, 0, 0, 0, 0, 1, 1, NaN, NaN]);
  assert.equal(x.lots_layout_prepare(probe.handle, 12), -1);
  probe.destroy();
  // Only the length is read before the engine refuses: no 400 MB array needed.
  assert.throws(() => engine.stageItems([{ sizes: { length: 3 * ((1 << 24) + 1) } }]),
    /cannot stage/);
  // Staging nothing is not a refusal, whatever address the module gives an empty array.
  assert.equal(engine.stageItems([{ items: [] }, { sizes: new Float64Array(0) }]), 0);
  const empty = engine.layout({ kind: "waterfall" })
    .prepare({ viewport: { width: 300, height: 300 }, sections: [{ items: [] }] });
  assert.deepEqual(empty.contentSize, { width: 300, height: 0 });
  empty.destroy();
  const context = (items) => ({ viewport: { width: 300, height: 300 }, displayScale: 0, sections: [{ items }] });
  const a = engine.layout({ kind: "waterfall" }).prepare(context([photo(1, 1), photo(1, 2)]));
  const framesOf = (layout) => layout.attributes({ x: 0, y: 0, width: 300, height: 1e6 })
    .sort((p, q) => p.item - q.item).map((e) => e.frame);
  const before = framesOf(a);
  // A second layout stages other items; the first keeps the ones it took.
  const b = engine.layout({ kind: "waterfall" }).prepare(context([photo(2, 1), photo(1, 3), photo(1, 1)]));
  assert.deepEqual(framesOf(a), before);
  assert.equal(framesOf(b).length, 3);
  // The header announces 2 or 4 items while 3 are staged: rejected, and `a` is untouched.
  engine.stageItems([{ items: [photo(1, 1), photo(1, 1), photo(1, 1)] }]);
  engine.input([300, 300, 0, 0, 0, 0, 0, 0, 1, 2, NaN, NaN]);
  assert.equal(x.lots_layout_prepare(a.handle, 12), -1);
  engine.input([300, 300, 0, 0, 0, 0, 0, 0, 1, 4, NaN, NaN]);
  assert.equal(x.lots_layout_prepare(a.handle, 12), -1);
  assert.equal(x.lots_layout_insert_items(a.handle, 0, 0, 2), -1);
  assert.deepEqual(framesOf(a), before);
  // Two sections take consecutive runs of the staged items.
  engine.input([300, 300, 0, 0, 0, 0, 0, 0, 2, 1, NaN, NaN, 2, NaN, NaN]);
  assert.equal(x.lots_layout_prepare(a.handle, 15), 0);
  assert.deepEqual(a.attributes({ x: 0, y: 0, width: 300, height: 1e6 }).map((e) => e.section).sort(),
    [0, 1, 1]);
  a.destroy();
  b.destroy();
});
