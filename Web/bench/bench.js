// The web benchmark (run headless by Tests/browser/bench.py): engine + DOM time per frame while
// scrolling 100,000 waterfall items, and the wasm time of the native benchmark's layout cases
// (Sources/Benchmarks/LayoutBenchmarks.swift: same items, 1000-point viewport, scale 2), so
// bench.py can print wasm beside native from runs on the same machine.
import { CollectionView, loadEngine } from "../toolkit/index.js";
import { photoSizes, tileDataSource } from "../gallery/photos.js";
import { measureTimed, summary } from "./stats.js";

const COUNT = 100_000;
const engine = await loadEngine();
const items = photoSizes(COUNT);
const context = { viewport: { width: 1000, height: 800 }, displayScale: 2, sections: [{ items }] };
const options = { kind: "waterfall", columnCount: 2 };
const results = {};

// Wasm layout, the native benchmark's cases. "prepare" includes engine.js writing the sizes
// into the engine's item storage: that is what a page pays.
results.prepare = measureTimed(() => engine.layout(options).prepare(context).destroy());
const reused = engine.layout(options);
results.rePrepare = measureTimed(() => reused.prepare(context));
// The wasm call alone, its input already in linear memory (the context's header in the input
// buffer, the items staged): what compares with native. The rest of `prepare` is engine.js
// writing 100,000 objects into the staged items.
let encoded = null;
const input = engine.input.bind(engine);
engine.input = (values) => input((encoded = values));
reused.prepare(context);
engine.input = input;
const count = engine.input(encoded);
const wasmOnly = () => {
  if (engine.exports.lots_layout_prepare(reused.handle, count) < 0) throw new Error("prepare");
};
results.wasmRePrepare = measureTimed(wasmOnly);
const height = reused.contentSize.height;
const rects = Array.from({ length: 1000 },
  (_, i) => ({ x: 0, y: (height * i) / 1000, width: 1000, height: 800 }));
results.query = measureTimed(() => {
  for (const rect of rects) reused.query(rect, rect);
}, rects.length);
reused.destroy();

// Scrolling: one CollectionView frame per step, 40 points apart (2,400 points/s at 60 Hz),
// through the first 24,000 points, then 200 jumps across the whole content.
const sections = [{ items }];
const view = new CollectionView(document.getElementById("view"), tileDataSource(() => sections));
view.setLayout(engine.layout(options), sections);
const offsets = [];
for (let i = 1; i <= 600; i++) offsets.push(i * 40);
for (let i = 0; i < 200; i++) offsets.push(((i * 7919) % 200) / 200 * (view.contentSize.height - 800));
const renderTimes = [];
const frameTimes = [];
let maxCells = 0;
for (const offset of offsets) {
  view.scroller.scrollTop = offset;
  const start = performance.now();
  view.render();
  const rendered = performance.now();
  // Style and layout of what changed, as the browser would do before painting the frame.
  void view.content.offsetHeight;
  const laidOut = performance.now();
  renderTimes.push(rendered - start);
  frameTimes.push(laidOut - start);
  maxCells = Math.max(maxCells, view.content.childElementCount);
}
results.render = summary(renderTimes);
results.frame = summary(frameTimes);
results.maxDomCells = maxCells;
results.userAgent = navigator.userAgent;
results.crossOriginIsolated = globalThis.crossOriginIsolated;

window.benchResults = results;
document.getElementById("results").textContent = JSON.stringify(results, null, 2);
