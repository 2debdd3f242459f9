// The pure arithmetic of drag-and-drop reordering (Web/toolkit/reorder.js), checked against the
// engine's own reflow where it has one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadEngine } from "../../Web/toolkit/engine.js";
import { ROW } from "../../Web/toolkit/abi.js";
import {
  DEFAULT_MESSAGES, autoScrollSpeed, beyondThreshold, mapRows, originalIndex, reflowedIndex,
  reorderedSections, withCarriedRow,
} from "../../Web/toolkit/reorder.js";

const engine = await loadEngine(readFileSync(new URL("../../Web/lots.wasm", import.meta.url)));

test("reorder: the index maps are inverse permutations, equal to the reordered list", () => {
  for (const count of [1, 2, 3, 19, 20, 21]) {
    for (let origin = 0; origin < count; origin++) {
      for (let target = 0; target < count; target++) {
        const list = [...Array(count).keys()];
        const [moved] = list.splice(origin, 1);
        list.splice(target, 0, moved);
        for (let j = 0; j < count; j++) {
          assert.equal(originalIndex(origin, target, j), list[j]);
          assert.equal(reflowedIndex(origin, target, list[j]), j);
        }
      }
    }
  }
});

test("reorder: the engine's reflow puts each item where originalIndex says", () => {
  // One column, every item its own height: a frame's height names its item.
  const items = Array.from({ length: 20 }, (_, i) => ({ width: 100, height: 10 + i }));
  const spec = { viewport: { width: 100, height: 400 }, displayScale: 0, sections: [{ items }] };
  const layout = engine.layout({ kind: "waterfall", columnCount: 1, minimumInteritemSpacing: 0,
    sectionInset: { top: 0, left: 0, bottom: 0, right: 0 } }).prepare(spec);
  const movement = layout.beginMovement({ section: 0, item: 3 }, { hysteresis: 0 });
  for (const point of [{ x: 50, y: 300 }, { x: 50, y: 5 }, { x: 50, y: 150 }]) {
    const { item: target } = movement.update(point);
    for (let j = 0; j < items.length; j++) {
      const height = layout.element("cell", 0, j).frame.height;
      assert.equal(Math.round(height), 10 + originalIndex(3, target, j));
    }
  }
  movement.cancel();
  layout.destroy();
});

test("reorder: mapRows keys rows to original items and lifts the carried one", () => {
  const rows = new Float64Array(4 * ROW.stride);
  [[0, 1, 0], [0, 2, 0], [0, 3, 0], [0, 0, 1]].forEach(([section, item, kind], i) => {
    rows.set([section, item, kind, 10 * item, 20 * item, 10, 10, 0, 1, 1], i * ROW.stride);
  });
  const found = mapRows(rows, 4, { section: 0, origin: 1, target: 3, lift: { x: 5, y: 7 } });
  assert.equal(found, true);
  assert.deepEqual([0, 1, 2, 3].map((i) => rows[i * ROW.stride + ROW.item]), [2, 3, 1, 0]);
  const carried = 2 * ROW.stride;
  assert.equal(rows[carried + ROW.zIndex], 100);
  assert.equal(rows[carried + ROW.translateX], 5 - 30);
  assert.equal(rows[carried + ROW.translateY], 7 - 60);
  assert.equal(rows[3 * ROW.stride + ROW.item], 0, "a header keeps its index");
  const grown = withCarriedRow(rows, 4, { section: 0, frame: { x: 1, y: 2, width: 3, height: 4 } }, 1, { x: 0, y: 0 });
  assert.equal(grown.length, 5 * ROW.stride);
  assert.equal(grown[4 * ROW.stride + ROW.item], 1);
  assert.equal(grown[4 * ROW.stride + ROW.translateY], -2);
});

test("reorder: auto-scroll near the edges, threshold, reordered data, messages", () => {
  assert.equal(autoScrollSpeed(300, 0, 600), 0);
  assert.ok(autoScrollSpeed(2, 0, 600) < 0);
  assert.ok(autoScrollSpeed(598, 0, 600) > 0);
  assert.ok(autoScrollSpeed(599, 0, 600) >= autoScrollSpeed(560, 0, 600));
  assert.equal(autoScrollSpeed(-1e9, 0, 600), -18);
  assert.equal(autoScrollSpeed(NaN, 0, 600), 0);
  assert.equal(autoScrollSpeed(10, 0, 50), 0, "a view too short to have edges");
  assert.equal(beyondThreshold({ x: 0, y: 0 }, { x: 3, y: 4 }, 6), false);
  assert.equal(beyondThreshold({ x: 0, y: 0 }, { x: 6, y: 1 }, 6), true);
  const sections = [{ items: ["a"] }, { items: ["b", "c", "d"], headerHeight: 20 }];
  const moved = reorderedSections(sections, { section: 1, item: 0 }, { section: 1, item: 2 });
  assert.deepEqual(moved[1], { items: ["c", "d", "b"], headerHeight: 20 });
  assert.equal(moved[0], sections[0]);
  assert.deepEqual(sections[1].items, ["b", "c", "d"], "the input is not changed");
  assert.equal(DEFAULT_MESSAGES.pickedUp(3, 12), "Picked up item 3 of 12");
  assert.equal(DEFAULT_MESSAGES.moved(5, 12), "Moved to position 5 of 12");
  assert.equal(DEFAULT_MESSAGES.dropped(5), "Dropped at position 5");
  assert.equal(DEFAULT_MESSAGES.cancelled(), "Reorder cancelled");
});
