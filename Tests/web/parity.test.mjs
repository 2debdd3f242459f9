// Parity: the same specs give the same attributes natively (`lots layout`) and through the
// WebAssembly engine, within 1e-9. The corpus is Tests/corpus and docs/examples, plus seeded
// random specs. Needs the native binary: LOTS_ENGINE, or .build/debug/lots-engine.
import { test } from "node:test";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { loadEngine } from "../../Web/toolkit/engine.js";
import { assertClose } from "./support/assert-close.mjs";

const root = new URL("../../", import.meta.url);
const lots = process.env.LOTS_ENGINE ?? new URL(".build/debug/lots-engine", root).pathname;
const engine = await loadEngine(readFileSync(new URL("Web/lots.wasm", root)));

function native(spec) {
  return JSON.parse(execFileSync(lots, ["layout"], { input: JSON.stringify(spec) }));
}

function wasm(spec) {
  const { kind, ...rest } = spec.layout;
  const sections = spec.sections.map((s) => ({ ...s }));
  const options = { kind, ...rest };
  if (kind === "waterfall" && sections.some((s) => s.columnCount !== undefined)) {
    options.columnCounts = sections.map((s) => s.columnCount ?? rest.columnCount ?? 2);
  }
  const layout = engine.layout(options).prepare({ ...spec, sections });
  const size = layout.contentSize;
  const rect = spec.rect ?? { x: -1, y: -1, width: size.width + 2, height: size.height + 2 };
  const rank = { header: 0, cell: 1, footer: 2 };
  const attributes = layout.attributes(rect, spec.offset ?? { x: 0, y: 0 }).sort((a, b) =>
    a.section - b.section || rank[a.kind] - rank[b.kind] || a.item - b.item);
  layout.destroy();
  return { contentSize: size, attributes };
}

const corpus = [
  ...readdirSync(new URL("Tests/corpus/", root)).map((f) => new URL(`Tests/corpus/${f}`, root)),
  ...readdirSync(new URL("docs/examples/", root)).map((f) => new URL(`docs/examples/${f}`, root)),
].filter((url) => url.pathname.endsWith(".json"));

for (const file of corpus) {
  test(`parity: ${file.pathname.split("/").slice(-2).join("/")}`, () => {
    const spec = JSON.parse(readFileSync(file));
    assertClose(wasm(spec), native(spec), "$");
  });
}

function* randomSpecs(seed, count) {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (values) => values[Math.floor(random() * values.length)];
  for (let i = 0; i < count; i++) {
    const kind = pick(["waterfall", "mosaic", "grid"]);
    const layout = { kind, headerHeight: pick([0, 30]), sectionInset: { left: pick([0, 8]), top: 4 } };
    if (kind === "waterfall") Object.assign(layout, { columnCount: pick([1, 2, 3, 5]), extraHeight: pick([0, 40]) });
    if (kind === "mosaic") Object.assign(layout, { alternatesSides: random() < 0.5, spacing: pick([0, 4, 10]) });
    if (kind === "grid") Object.assign(layout, { columnCount: pick([2, 3]), aspectRatio: pick([1, 1.5]) });
    const sections = Array.from({ length: pick([1, 2, 3]) }, () => ({
      items: Array.from({ length: pick([0, 1, 2, 3, 19, 20, 21, 57]) }, () => ({
        width: pick([0, 1, 640, 1080, 4000]), height: pick([0, 1, 480, 1350, 3000]),
      })),
    }));
    yield {
      seed, index: i,
      spec: {
        layout, sections, viewport: { width: pick([0, 320, 375.5, 1024]), height: 700 },
        displayScale: pick([0, 1, 2, 3]), direction: pick(["ltr", "rtl"]),
        offset: { x: 0, y: pick([0, 250]) },
      },
    };
  }
}

test("parity: 150 seeded random specs", () => {
  for (const { seed, index, spec } of randomSpecs(20261121, 150)) {
    try {
      assertClose(wasm(spec), native(spec), "$");
    } catch (error) {
      error.message = `random spec ${index} (seed ${seed}): ${error.message}`;
      throw error;
    }
  }
});
