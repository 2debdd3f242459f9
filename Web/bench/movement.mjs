// The interactive-movement benchmark, in node against the real Web/lots.wasm:
//   node Web/bench/movement.mjs
// Item 500 of 1,000 (the benchmark's seeded photo sizes; 1000 × 800, scale 2) carried through
// each vertical layout: the pointer swept over the content in 4-point steps, each step one
// `movement.update` plus the view's query of the visible rect (what drag-reorder.js does per
// pointer move), and the worst single change of target (items 1 ↔ 2, a reflow of nearly
// everything). Baseline in the same run: a full prepare of the same 1,000 items. Target
// (issue 26): at most 1 ms per pointer move. Medians in ms.
import { readFileSync } from "node:fs";
import { loadEngine } from "../toolkit/index.js";
import { photoSizes } from "../gallery/photos.js";
import { measureTimed } from "./stats.js";

const COUNT = 1000;
const engine = await loadEngine(readFileSync(new URL("../lots.wasm", import.meta.url)));
const context = { viewport: { width: 1000, height: 800 }, displayScale: 2,
  sections: [{ items: photoSizes(COUNT) }] };
const kinds = { waterfall: { columnCount: 3 }, grid: { columnCount: 3 }, mosaic: {} };
const results = {};

for (const [kind, options] of Object.entries(kinds)) {
  const layout = engine.layout({ kind, ...options }).prepare(context);
  const prepare = measureTimed(() => layout.prepare(context)).median;
  const height = layout.contentSize.height;
  const steps = Math.floor(height / 4);
  const movement = layout.beginMovement({ section: 0, item: COUNT / 2 });
  const perMove = measureTimed(() => {
    for (let step = 0; step < steps; step++) {
      const y = step % 2 === 0 ? step * 4 : height - step * 4;
      movement.update({ x: 500, y });
      layout.query({ x: 0, y: Math.max(0, y - 400), width: 1000, height: 800 });
    }
  }, steps).median;
  let toggle = false;
  // Keys alternate the target between items 1 and 2 (left/right from there).
  movement.cancel();
  const keyed = layout.beginMovement({ section: 0, item: 1 });
  const change = measureTimed(() => {
    toggle = !toggle;
    keyed.step(toggle ? "right" : "left");
  }).median;
  keyed.cancel();
  layout.destroy();
  results[kind] = { prepareMs: prepare, perPointerMoveMs: perMove, targetChangeAtItem1Ms: change,
    withinTarget: perMove <= 1 };
}
console.log(JSON.stringify({ count: COUNT, results }, null, 2));
