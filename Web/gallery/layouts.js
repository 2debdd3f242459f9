// The gallery's layouts and their live controls. Option names, choices and starting values are
// the engine's (abi.js, generated from its descriptors), but where the gallery chooses
// otherwise (`GALLERY_CHOICES`). A dotted name ("itemSize.width") sets a nested option.

import { OPTIONS } from "../toolkit/index.js";

/** The row kinds' cards: photo-sized, not the engine's 100-point squares, and further apart. */
const ROW_CARDS = { "itemSize.width": 220, "itemSize.height": 300, interitemSpacing: 20 };

/**
 * Where the gallery starts a control away from the engine's default, on purpose, to show the
 * layout off on a desktop page: three waterfall columns, and cards big enough to see.
 */
export const GALLERY_CHOICES = Object.freeze({
  waterfall: { columnCount: 3 },
  snap: ROW_CARDS, infinite: ROW_CARDS, carousel: ROW_CARDS,
  stack: { "itemSize.width": 340, "itemSize.height": 500 },
});

/** The engine's default of an option of a kind (abi.js), a dotted name reading a member. */
export function engineDefault(kind, name) {
  const [head, tail] = name.split(".");
  const field = OPTIONS[kind].find((f) => f.name === head || f.names?.includes(head));
  if (!field) throw new Error(`${kind} has no option ${head}`);
  const value = field.shape === "columns" ? field.default[head] : field.default;
  return tail ? value[tail] : value;
}

/** A control of `kind`'s option `name`, starting at the gallery's choice, else the default. */
const control = (kind, name, spec) => ({
  name, ...spec, value: GALLERY_CHOICES[kind]?.[name] ?? engineDefault(kind, name),
});
const number = (min, max, step = 1) => ({ type: "number", min, max, step });
const flag = { type: "bool" };
const choice = (kind, name) =>
  control(kind, name, {
    type: "select", choices: OPTIONS[kind].find((f) => f.name === name).choices,
  });
const spacing = (kind, name) => control(kind, name, number(0, 40));

/** The options a vertical kind shows: its own, then the header height. */
const chrome = (kind) => [control(kind, "headerHeight", number(0, 60))];

/** The snap row's controls, shared by the three row kinds. */
const row = (kind) => [
  choice(kind, "axis"),
  control(kind, "itemSize.width", number(60, 400, 10)),
  control(kind, "itemSize.height", number(60, 600, 10)),
  spacing(kind, "interitemSpacing"), spacing(kind, "sectionInsetTop"),
  spacing(kind, "sectionInsetBottom"), spacing(kind, "minimumSectionInsetLeft"),
  spacing(kind, "minimumSectionInsetRight"), control(kind, "centerFirstItem", flag),
];
const infinite = (kind) => [
  ...row(kind), control(kind, "snapToCenter", flag),
  control(kind, "isInfiniteScrollEnabled", flag),
];

export const LAYOUTS = {
  waterfall: {
    title: "Waterfall", scrollDriven: false, reorders: true, options: [
      control("waterfall", "columnCount", number(1, 8)),
      spacing("waterfall", "minimumColumnSpacing"), spacing("waterfall", "minimumInteritemSpacing"),
      choice("waterfall", "itemRenderDirection"),
      control("waterfall", "extraHeight", number(0, 80)), ...chrome("waterfall"),
      control("waterfall", "pinsSectionHeaders", flag),
    ],
  },
  mosaic: {
    title: "Mosaic", scrollDriven: false, reorders: true, options: [
      control("mosaic", "columnCount", number(1, 8)), spacing("mosaic", "spacing"),
      control("mosaic", "alternatesSides", flag), ...chrome("mosaic"),
    ],
  },
  grid: {
    title: "Grid", scrollDriven: false, reorders: true, options: [
      control("grid", "columnCount", number(1, 8)),
      spacing("grid", "minimumInteritemSpacing"), spacing("grid", "minimumLineSpacing"),
      control("grid", "aspectRatio", number(0.25, 3, 0.05)),
      control("grid", "extraHeight", number(0, 80)), ...chrome("grid"),
      control("grid", "pinsSectionHeaders", flag),
    ],
  },
  snap: { title: "Snap to centre", scrollDriven: true, options: row("snap") },
  infinite: { title: "Infinite", scrollDriven: true, options: infinite("infinite") },
  carousel: {
    title: "Carousel", scrollDriven: true, options: [...infinite("carousel"),
      control("carousel", "scalingOffset", number(0, 600, 10)),
      control("carousel", "minimumScaleFactor", number(0.1, 1, 0.05)),
      control("carousel", "sideItemAlpha", number(0, 1, 0.05))],
  },
  stack: {
    // Not centre-tracking: the stack's cards overlap, and its focus is the card you open.
    title: "Stack (swipe to delete)", scrollDriven: false, dragScroll: true, swipeToDelete: true,
    options: [spacing("stack", "sectionInsetTop"), spacing("stack", "sectionInsetBottom"),
      control("stack", "itemSize.width", number(100, 600, 10)),
      control("stack", "itemSize.height", number(100, 700, 10)),
      control("stack", "zOffset", number(-200, 0, 5))],
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

/** The values a kind's controls start at: the engine's defaults but for the gallery's choices. */
export function startingValues(kind) {
  return Object.fromEntries(LAYOUTS[kind].options.map((o) => [o.name, o.value]));
}

/**
 * Kinds this engine build knows. The scroll-driven kinds arrive with a later engine; the
 * gallery asks the engine rather than assuming.
 */
export function availableKinds(engine) {
  return Object.keys(LAYOUTS).filter((kind) => {
    try {
      engine.layout({ kind, ...layoutOptions(kind, startingValues(kind)) }).destroy();
      return true;
    } catch {
      return false;
    }
  });
}
