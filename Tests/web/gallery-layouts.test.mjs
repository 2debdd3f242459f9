// The gallery's controls (Web/gallery/layouts.js) start at the engine's defaults from abi.js,
// except the gallery's named choices, and at the same values as the hand-written list they
// replaced (pinned below from Web/gallery/layouts.js at c6ec67d).
import { test } from "node:test";
import assert from "node:assert/strict";
import { OPTIONS } from "../../Web/toolkit/abi.js";
import {
  GALLERY_CHOICES, LAYOUTS, engineDefault, startingValues,
} from "../../Web/gallery/layouts.js";

const ROW = {
  axis: "horizontal", "itemSize.width": 220, "itemSize.height": 300, interitemSpacing: 20,
  sectionInsetTop: 8, sectionInsetBottom: 8, minimumSectionInsetLeft: 8,
  minimumSectionInsetRight: 8, centerFirstItem: true,
};
const INFINITE = { ...ROW, snapToCenter: true, isInfiniteScrollEnabled: true };
const BEFORE = {
  waterfall: {
    columnCount: 3, minimumColumnSpacing: 10, minimumInteritemSpacing: 10,
    itemRenderDirection: "shortestFirst", extraHeight: 0, headerHeight: 0,
    pinsSectionHeaders: false,
  },
  mosaic: { columnCount: 3, spacing: 10, alternatesSides: false, headerHeight: 0 },
  grid: {
    columnCount: 2, minimumInteritemSpacing: 10, minimumLineSpacing: 10, aspectRatio: 1,
    extraHeight: 0, headerHeight: 0, pinsSectionHeaders: false,
  },
  snap: ROW,
  infinite: INFINITE,
  carousel: { ...INFINITE, scalingOffset: 200, minimumScaleFactor: 0.85, sideItemAlpha: 1 },
  stack: {
    sectionInsetTop: 20, sectionInsetBottom: 20, "itemSize.width": 340, "itemSize.height": 500,
    zOffset: -60,
  },
};

test("the gallery shows every kind abi.js has, in its order", () => {
  assert.deepEqual(Object.keys(LAYOUTS), Object.keys(OPTIONS));
});

for (const kind of Object.keys(BEFORE)) {
  test(`${kind}'s controls start where they did before abi.js`, () => {
    assert.deepEqual(startingValues(kind), BEFORE[kind]);
  });

  test(`${kind}'s controls start at the engine's defaults but for the gallery's choices`, () => {
    const choices = GALLERY_CHOICES[kind] ?? {};
    for (const [name, value] of Object.entries(startingValues(kind))) {
      const expected = name in choices ? choices[name] : engineDefault(kind, name);
      assert.deepEqual(value, expected, name);
    }
    for (const [name, value] of Object.entries(choices)) {
      assert.ok(name in startingValues(kind), `${name} is a control of ${kind}`);
      assert.notDeepEqual(value, engineDefault(kind, name), `${name} differs from the default`);
    }
  });
}

test("a select offers the engine's choices", () => {
  const select = LAYOUTS.waterfall.options.find((o) => o.name === "itemRenderDirection");
  const field = OPTIONS.waterfall.find((f) => f.name === "itemRenderDirection");
  assert.deepEqual(select.choices, field.choices);
});

test("a grid's column count reads the columns option's default", () => {
  assert.equal(engineDefault("grid", "columnCount"), 2);
  assert.equal(engineDefault("stack", "itemSize.width"), 100);
  assert.throws(() => engineDefault("grid", "spacing"), /grid has no option spacing/);
});
