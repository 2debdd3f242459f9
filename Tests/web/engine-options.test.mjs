// The generic option encoder (engine-options.js, driven by the generated abi.js) writes the
// same values, in the same order, as the hand-written encoder it replaced (kept below as the
// reference, verbatim but for its name), for every kind with no options and with a few.
import { test } from "node:test";
import assert from "node:assert/strict";
import { KIND, OPTIONS } from "../../Web/toolkit/abi.js";
import { encodeOptions } from "../../Web/toolkit/engine-options.js";

const inset = (value = {}) => [value.top ?? 0, value.left ?? 0, value.bottom ?? 0, value.right ?? 0];
const size = (value, fallback) => [value?.width ?? fallback, value?.height ?? fallback];

function encodeRow(o) {
  return [
    o.axis === "vertical" ? 1 : 0, ...size(o.itemSize, 100), o.interitemSpacing ?? 8,
    o.sectionInsetTop ?? 8, o.sectionInsetBottom ?? 8, o.minimumSectionInsetLeft ?? 8,
    o.minimumSectionInsetRight ?? 8, o.centerFirstItem === false ? 0 : 1,
    o.decelerationRate ?? 0.998,
  ];
}

function encodeInfinite(o) {
  return [
    ...encodeRow(o), o.snapToCenter === false ? 0 : 1,
    o.isInfiniteScrollEnabled === false ? 0 : 1, o.repeatsItemsOnScreen ? 1 : 0,
  ];
}

/** The encoder before abi.js (Web/toolkit/engine.js at df47ef2). */
function reference(o) {
  switch (o.kind) {
    case "snap": return encodeRow(o);
    case "infinite": return encodeInfinite(o);
    case "carousel":
      return [
        ...encodeInfinite(o), o.scalingOffset ?? 200, o.minimumScaleFactor ?? 0.85,
        o.sideItemAlpha ?? 1,
      ];
    case "stack":
      return [
        o.sectionInsetTop ?? 20, o.sectionInsetBottom ?? 20, ...size(o.itemSize, 100),
        o.zOffset ?? -60,
      ];
  }
  const chrome = [
    ...inset(o.sectionInset), o.headerHeight ?? 0, o.footerHeight ?? 0,
    ...inset(o.headerInset), ...inset(o.footerInset),
  ];
  switch (o.kind) {
    case "waterfall": {
      const direction = { shortestFirst: 0, leftToRight: 1, rightToLeft: 2 };
      const counts = o.columnCounts ?? [];
      return [
        ...chrome, o.columnCount ?? 2, o.minimumColumnSpacing ?? 10,
        o.minimumInteritemSpacing ?? 10, direction[o.itemRenderDirection ?? "shortestFirst"],
        o.minimumContentHeight ?? 0, o.extraHeight ?? 0, o.pinsSectionHeaders ? 1 : 0,
        counts.length, ...counts,
      ];
    }
    case "mosaic": {
      const pattern = o.pattern ?? [];
      return [
        ...chrome, o.columnCount ?? 3, o.spacing ?? 10, o.alternatesSides ? 1 : 0,
        pattern.length, ...pattern.flatMap((span) => [span.columns ?? 1, span.rows ?? 1]),
      ];
    }
    case "grid":
      return [
        ...chrome, o.minimumItemWidth !== undefined ? 0 : o.columnCount ?? 2,
        o.minimumItemWidth ?? 0, o.minimumInteritemSpacing ?? 10, o.minimumLineSpacing ?? 10,
        o.aspectRatio ?? 1, o.extraHeight ?? 0, o.pinsSectionHeaders ? 1 : 0,
      ];
  }
}

const cases = [
  { kind: "waterfall", columnCount: 3, itemRenderDirection: "rightToLeft", columnCounts: [2, 4],
    sectionInset: { top: 5, right: 7 }, pinsSectionHeaders: true, headerHeight: 40 },
  { kind: "mosaic", alternatesSides: true, spacing: 2, pattern: [{ columns: 2 }, { rows: 3 }] },
  { kind: "grid", minimumItemWidth: 120, aspectRatio: 1.5, extraHeight: 65 },
  { kind: "grid", columnCount: 4, footerInset: { bottom: 9 } },
  { kind: "snap", axis: "vertical", itemSize: { width: 200, height: 150 }, centerFirstItem: false },
  { kind: "infinite", repeatsItemsOnScreen: true, snapToCenter: false, decelerationRate: 0.99 },
  { kind: "carousel", scalingOffset: 300, minimumScaleFactor: 0.5, isInfiniteScrollEnabled: false },
  { kind: "stack", zOffset: -30, itemSize: { width: 320, height: 480 }, sectionInsetTop: 4 },
];

test("every kind in abi.js has options and a code", () => {
  assert.deepEqual(Object.keys(OPTIONS), Object.keys(KIND));
});

for (const kind of Object.keys(KIND)) {
  test(`${kind} with no options encodes the engine's defaults as the old encoder did`, () => {
    const expected = reference({ kind });
    // The old encoder sent no mosaic pattern (the engine kept its default); abi.js sends it.
    if (kind === "mosaic") {
      const encoded = encodeOptions({ kind });
      assert.deepEqual(encoded.slice(0, expected.length - 1), expected.slice(0, -1));
      assert.deepEqual(encoded.slice(expected.length - 1), [6, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    } else {
      assert.deepEqual(encodeOptions({ kind }), expected);
    }
  });
}

for (const options of cases) {
  test(`${options.kind} ${JSON.stringify(options)} encodes as the old encoder did`, () => {
    assert.deepEqual(encodeOptions(options), reference(options));
  });
}

test("an unknown kind is an error naming it", () => {
  assert.throws(() => encodeOptions({ kind: "spiral" }), /unknown layout kind spiral/);
});
