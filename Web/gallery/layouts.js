// The gallery's layouts and their live controls. Option names and defaults are the engine's
// (docs/layout-spec.md; the scroll-driven kinds are LNZCollectionLayouts').
// A dotted name ("itemSize.width") sets a nested option.

const spacing = (name, value = 10) => ({ name, type: "number", min: 0, max: 40, step: 1, value });
const header = { name: "headerHeight", type: "number", min: 0, max: 60, step: 1, value: 0 };
const pins = { name: "pinsSectionHeaders", type: "bool", value: false };
const itemSize = [
  { name: "itemSize.width", type: "number", min: 60, max: 400, step: 10, value: 220 },
  { name: "itemSize.height", type: "number", min: 60, max: 600, step: 10, value: 300 },
];
const row = [
  { name: "axis", type: "select", choices: ["horizontal", "vertical"], value: "horizontal" },
  ...itemSize, spacing("interitemSpacing", 20),
  spacing("sectionInsetTop", 8), spacing("sectionInsetBottom", 8),
  spacing("minimumSectionInsetLeft", 8), spacing("minimumSectionInsetRight", 8),
  { name: "centerFirstItem", type: "bool", value: true },
];
const infinite = [...row, { name: "snapToCenter", type: "bool", value: true },
  { name: "isInfiniteScrollEnabled", type: "bool", value: true }];

export const LAYOUTS = {
  waterfall: {
    title: "Waterfall", scrollDriven: false, options: [
      { name: "columnCount", type: "number", min: 1, max: 8, step: 1, value: 3 },
      spacing("minimumColumnSpacing"), spacing("minimumInteritemSpacing"),
      { name: "itemRenderDirection", type: "select", value: "shortestFirst",
        choices: ["shortestFirst", "leftToRight", "rightToLeft"] },
      { name: "extraHeight", type: "number", min: 0, max: 80, step: 1, value: 0 }, header, pins,
    ],
  },
  mosaic: {
    title: "Mosaic", scrollDriven: false, options: [
      { name: "columnCount", type: "number", min: 1, max: 8, step: 1, value: 3 },
      spacing("spacing"), { name: "alternatesSides", type: "bool", value: false }, header,
    ],
  },
  grid: {
    title: "Grid", scrollDriven: false, options: [
      { name: "columnCount", type: "number", min: 1, max: 8, step: 1, value: 2 },
      spacing("minimumInteritemSpacing"), spacing("minimumLineSpacing"),
      { name: "aspectRatio", type: "number", min: 0.25, max: 3, step: 0.05, value: 1 },
      { name: "extraHeight", type: "number", min: 0, max: 80, step: 1, value: 0 }, header, pins,
    ],
  },
  snap: { title: "Snap to centre", scrollDriven: true, options: row },
  infinite: { title: "Infinite", scrollDriven: true, options: infinite },
  carousel: {
    title: "Carousel", scrollDriven: true, options: [...infinite,
      { name: "scalingOffset", type: "number", min: 0, max: 600, step: 10, value: 200 },
      { name: "minimumScaleFactor", type: "number", min: 0.1, max: 1, step: 0.05, value: 0.85 },
      { name: "sideItemAlpha", type: "number", min: 0, max: 1, step: 0.05, value: 1 }],
  },
  stack: {
    // Not centre-tracking: the stack's cards overlap, and its focus is the card you open.
    title: "Stack (swipe to delete)", scrollDriven: false, dragScroll: true, swipeToDelete: true,
    options: [spacing("sectionInsetTop", 20), spacing("sectionInsetBottom", 20),
      { name: "itemSize.width", type: "number", min: 100, max: 600, step: 10, value: 340 },
      { name: "itemSize.height", type: "number", min: 100, max: 700, step: 10, value: 500 },
      { name: "zOffset", type: "number", min: -200, max: 0, step: 5, value: -60 }],
  },
};

/** The options object for `engine.layout` from a kind and the controls' values. */
export function layoutOptions(kind, values) {
  const options = { kind };
  for (const [name, value] of Object.entries(values)) {
    const [head, tail] = name.split(".");
    if (tail) options[head] = { ...options[head], [tail]: value };
    else options[head] = value;
  }
  return options;
}

/** The default control values of a kind. */
export function defaultValues(kind) {
  return Object.fromEntries(LAYOUTS[kind].options.map((o) => [o.name, o.value]));
}

/**
 * Kinds this engine build knows. The scroll-driven kinds arrive with a later engine; the
 * gallery asks the engine rather than assuming.
 */
export function availableKinds(engine) {
  return Object.keys(LAYOUTS).filter((kind) => {
    try {
      engine.layout({ kind, ...layoutOptions(kind, defaultValues(kind)) }).destroy();
      return true;
    } catch {
      return false;
    }
  });
}
