// The batch-update benchmark, in node against the real Web/lots.wasm:
//   node Web/bench/batch-updates.mjs
// A 30-item page appended to a 100,000-item waterfall (2 columns, 1000 × 800, scale 2, the
// benchmark's seeded photo sizes, as in bench.js): the incremental path of
// CollectionView.updateLayout (planUpdates + applyPlan: one insertItems) against the full
// prepare every batch used to make, measured in the same run. Medians in ms; ratios matter.
import { readFileSync } from "node:fs";
import { applyPlan, loadEngine, planUpdates, shapeOf } from "../toolkit/index.js";
import { photoSizes } from "../gallery/photos.js";
import { measure, summary } from "./stats.js";

const COUNT = 100_000;
const PAGE = 30;
const RUNS = 31;
const engine = await loadEngine(readFileSync(new URL("../lots.wasm", import.meta.url)));
const options = { kind: "waterfall", columnCount: 2 };
const all = photoSizes(COUNT + PAGE);
const contextOf = (items) => ({ viewport: { width: 1000, height: 800 }, displayScale: 2,
  sections: [{ items }] });
const before = contextOf(all.slice(0, COUNT));
const after = contextOf(all);
const results = {};

// The old path: every batch re-prepared the whole layout from the new sections.
const full = engine.layout(options).prepare(before);
results.fullPrepare = measure(RUNS, () => full.prepare(after));

/** Times `change` on a layout holding `before`; `undo` (not timed) restores it. */
function incremental(changeset, next, undo) {
  const layout = engine.layout(options).prepare(before);
  const shape = shapeOf(before);
  const samples = [];
  for (let i = 0; i <= RUNS; i++) {
    const start = performance.now();
    const plan = planUpdates(shape, changeset, next);
    if (!plan) throw new Error("no plan: the benchmark would time a full prepare");
    applyPlan(layout, plan);
    const time = performance.now() - start;
    if (i > 0) samples.push(time);  // the first run warms up
    undo(layout);
  }
  // The result must be the full prepare's (the tests check this; a benchmark of a wrong
  // layout would be no benchmark).
  applyPlan(layout, planUpdates(shape, changeset, next));
  const fresh = engine.layout(options).prepare(next);
  const rect = { x: 0, y: 0, width: 1000, height: fresh.contentSize.height };
  if (JSON.stringify(layout.attributes(rect)) !== JSON.stringify(fresh.attributes(rect))) {
    throw new Error("the incremental layout differs from the full prepare");
  }
  fresh.destroy();
  layout.destroy();
  return summary(samples);
}

const page = Array.from({ length: PAGE }, (_, i) => COUNT + i);
results.appendPage = incremental({ inserts: page }, after,
  (layout) => layout.deleteItems(0, COUNT, PAGE));

// For scale: the same 30 items inserted in the middle relay out the 50,000 items after them.
const middle = contextOf(
  [...all.slice(0, COUNT / 2), ...all.slice(COUNT), ...all.slice(COUNT / 2, COUNT)]);
results.insertMiddle = incremental({ inserts: page.map((i) => i - COUNT / 2) }, middle,
  (layout) => layout.deleteItems(0, COUNT / 2, PAGE));
full.prepare(middle);
results.fullPrepareMiddle = measure(RUNS, () => full.prepare(middle));

// The app's side: app.js used to map every post to an item object for each page.
const posts = all.map(({ width, height }) => ({ photo: { width, height } }));
const itemOf = (post) => ({ width: post.photo.width, height: post.photo.height });
results.rebuildItems = measure(RUNS, () => posts.map(itemOf));
const items = posts.slice(0, COUNT).map(itemOf);
results.appendItems = measure(RUNS, () => {
  for (const post of posts.slice(COUNT)) items.push(itemOf(post));
  items.length = COUNT;
});

const ms = (value) => (value < 0.1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(2)} ms`);
console.log(`node ${process.version}, ${COUNT.toLocaleString("en")} waterfall items, ` +
  `page of ${PAGE}`);
for (const [name, { median, p95 }] of Object.entries(results)) {
  console.log(`${name.padEnd(18)} median ${ms(median).padStart(9)}   p95 ${ms(p95).padStart(9)}`);
}
const ratio = (a, b) => `${(results[a].median / results[b].median).toFixed(0)}×`;
console.log(`append: full prepare / incremental = ${ratio("fullPrepare", "appendPage")}; ` +
  `middle insert: ${ratio("fullPrepareMiddle", "insertMiddle")}; ` +
  `app items: rebuild / append = ${ratio("rebuildItems", "appendItems")}`);
