// The gallery's layouts and their live controls. Option names are the engine's (the `lots
// layout` spec, docs/layout-spec.md; the scroll-driven kinds follow LNZCollectionLayouts).
// A dotted name ("itemSize.width") sets a nested option.

const spacing = (name, value = 10) => ({ name, type: "number", min: 0, max: 40, step: 1, value });
const header = { name: "headerHeight", type: "number", min: 0, max: 60, step: 1, value: 0 };
const pins = { name: "pinsSectionHeaders", type: "bool", value: false };
const itemSize = [
  { name: "itemSize.width", type: "number", min: 60, max: 400, step: 10, value: 220 },
  { name: "itemSize.height", type: "number", min: 60, max: 500, step: 10, value: 300 },
];

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
  snap: {
    title: "Snap to centre", scrollDriven: true,
    options: [...itemSize, spacing("interitemSpacing", 20),
      { name: "centerFirstItem", type: "bool", value: true }],
  },
  infinite: {
    title: "Infinite", scrollDriven: true, options: [...itemSize, spacing("interitemSpacing", 20)],
  },
  carousel: {
    title: "Carousel", scrollDriven: true, options: [...itemSize, spacing("interitemSpacing", 20),
      { name: "scalingOffset", type: "number", min: 50, max: 600, step: 10, value: 200 },
      { name: "minimumScaleFactor", type: "number", min: 0.1, max: 1, step: 0.05, value: 0.85 },
      { name: "isInfiniteScrollEnabled", type: "bool", value: true }],
  },
  stack: {
    title: "Stack (swipe to delete)", scrollDriven: true, swipeToDelete: true,
    options: [...itemSize, spacing("interitemSpacing", 20)],
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
