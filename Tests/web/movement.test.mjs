// Interactive movement through the wasm engine: the same pointer and key sequences give the
// same targets and the same reflowed attributes natively (`lots-engine layout` with a
// "movement") and in the module, within 1e-9; the layout's own queries show the reflow while
// the movement lasts; hostile input never throws from the engine. Needs the native binary:
// LOTS_ENGINE, or .build/debug/lots-engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadEngine } from "../../Web/toolkit/engine.js";
import { assertClose } from "./support/assert-close.mjs";

const root = new URL("../../", import.meta.url);
const lots = process.env.LOTS_ENGINE ?? new URL(".build/debug/lots-engine", root).pathname;
const engine = await loadEngine(readFileSync(new URL("Web/lots.wasm", root)));
const rank = { header: 0, cell: 1, footer: 2 };
const sorted = (elements) => elements.sort((a, b) =>
  a.section - b.section || rank[a.kind] - rank[b.kind] || a.item - b.item);

function native(spec) {
  return JSON.parse(execFileSync(lots, ["layout"], { input: JSON.stringify(spec) }));
}

function everything(layout) {
  const size = layout.contentSize;
  return sorted(layout.attributes({ x: -1, y: -1, width: size.width + 2, height: size.height + 2 },
    { x: 0, y: 0 }));
}

/** The spec through the module: targets after each step, then the attributes after the end. */
function wasm(spec) {
  const layout = engine.layout(spec.layout).prepare(spec);
  const { item, steps, hysteresis, cancel } = spec.movement;
  const movement = layout.beginMovement(item, { hysteresis });
  const targets = steps.map((step) =>
    (typeof step === "string" ? movement.step(step) : movement.update(step)).item);
  let move;
  if (cancel) {
    movement.cancel();
    move = { from: movement.origin, to: movement.origin };
  } else move = movement.end();
  const result = { contentSize: layout.contentSize, attributes: everything(layout),
    movement: { targets, ...move } };
  layout.destroy();
  return result;
}

function* randomSpecs(seed, count) {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (values) => values[Math.floor(random() * values.length)];
  for (let i = 0; i < count; i++) {
    const kind = pick(["waterfall", "mosaic", "grid"]);
    const layout = { kind, headerHeight: pick([0, 30]) };
    if (kind === "waterfall") Object.assign(layout, { columnCount: pick([1, 2, 3, 5]) });
    if (kind === "mosaic") Object.assign(layout, { alternatesSides: random() < 0.5 });
    if (kind === "grid") Object.assign(layout, { columnCount: pick([2, 3]), aspectRatio: pick([1, 1.5]) });
    const items = Array.from({ length: pick([1, 2, 3, 19, 20, 21, 57]) }, () => ({
      width: pick([0, 1, 640, 1080]), height: pick([0, 480, 1350, 3000]),
    }));
    const width = pick([320, 375.5, 1024]);
    const steps = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
      random() < 0.3 ? pick(["left", "right", "up", "down"])
        : { x: random() * width, y: random() * 4000 - 100 });
    yield {
      seed, index: i,
      spec: {
        layout, sections: [{ items }], viewport: { width, height: 700 },
        displayScale: pick([0, 1, 2, 3]), direction: pick(["ltr", "rtl"]),
        movement: { item: { section: 0, item: Math.floor(random() * items.length) }, steps,
          hysteresis: pick([0, 8]), cancel: random() < 0.2 },
      },
    };
  }
}

test("movement parity: 120 seeded random movements", () => {
  for (const { seed, index, spec } of randomSpecs(20261126, 120)) {
    try {
      const expected = native(spec);
      assertClose(wasm(spec), { ...expected, attributes: sorted(expected.attributes) }, "$");
    } catch (error) {
      error.message = `random movement ${index} (seed ${seed}): ${error.message}`;
      throw error;
    }
  }
});

test("movement: the layout's queries show the reflow while it lasts", () => {
  const spec = { layout: { kind: "grid", columnCount: 3 }, viewport: { width: 320, height: 500 },
    displayScale: 0, sections: [{ items: Array.from({ length: 9 }, () => ({ width: 1, height: 1 })) }] };
  const layout = engine.layout(spec.layout).prepare(spec);
  const before = everything(layout);
  const movement = layout.beginMovement({ section: 0, item: 0 });
  assert.deepEqual(movement.update({ x: 160, y: 160 }), { section: 0, item: 4 });
  assert.deepEqual(layout.element("cell", 0, 4).frame, { x: 110, y: 110, width: 100, height: 100 });
  assert.deepEqual(movement.step("down"), { section: 0, item: 7 });
  movement.cancel();
  assert.equal(movement.active, false);
  assert.deepEqual(everything(layout), before);
  assert.equal(movement.update({ x: 0, y: 0 }), null);
  layout.destroy();
});

test("movement: hostile input", () => {
  const spec = { layout: { kind: "waterfall" }, viewport: { width: 300, height: 500 },
    sections: [{ items: [{ width: NaN, height: -1 }, { width: 1, height: 1e9 }] }] };
  const layout = engine.layout(spec.layout).prepare(spec);
  assert.throws(() => layout.beginMovement({ section: 1, item: 0 }));
  assert.throws(() => layout.beginMovement({ section: 0, item: 2 }));
  const movement = layout.beginMovement({ section: 0, item: 1 }, { hysteresis: NaN });
  for (const point of [{ x: NaN, y: 0 }, { x: Infinity, y: -Infinity }, { x: 1e308, y: -1e308 }]) {
    assert.ok([0, 1].includes(movement.update(point).item));
  }
  for (const direction of ["left", "right", "up", "down"]) {
    assert.ok([0, 1].includes(movement.step(direction).item));
  }
  assert.throws(() => movement.step("sideways"));
  // A change of the layout ends the movement where it is.
  layout.deleteItems(0, 0, 1);
  assert.equal(movement.update({ x: 0, y: 0 }), null);
  assert.equal(movement.end(), null);
  layout.destroy();
});
