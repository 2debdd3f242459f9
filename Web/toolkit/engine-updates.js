// Batch updates as engine updates: a UIKit-style changeset (changeset.js) becomes the engine's
// incremental `deleteItems` and `insertItems`, so a batch costs the items it moves instead of a
// full prepare. Planning is pure (counts, header and footer heights, the new sizes); the
// CollectionView applies the plan, or prepares from scratch when there is no plan.
//
// Every plan leaves the layout exactly as a fresh prepare of the new sections would
// (Tests/web/engine-updates.test.mjs), given UIKit's contract that an item whose size changed
// is reloaded: a survivor's size is not read again.
import { changesSections, IndexMapper, normalise } from "./changeset.js";
import { itemCount } from "./engine-staging.js";
// An absent height and NaN both mean "the layout's default" to the engine.
const sameHeight = (a, b) => Object.is(a ?? NaN, b ?? NaN);

/**
 * What a layout holds after `prepare(context)`, apart from the item sizes: the values that
 * only a full prepare can change, and each section's item count.
 * - Complexity: O(sections).
 */
export function shapeOf(context) {
  const insets = context.contentInsets ?? {};
  return {
    fixed: [
      context.viewport.width, context.viewport.height, context.displayScale ?? 1,
      context.direction === "rtl" ? 1 : 0, insets.top ?? 0, insets.left ?? 0,
      insets.bottom ?? 0, insets.right ?? 0,
    ],
    sections: context.sections.map((section) => ({
      count: itemCount(section), headerHeight: section.headerHeight,
      footerHeight: section.footerHeight,
    })),
  };
}

/**
 * The shape after the engine's own resize (`resize`, `resizeKeepingFocus`), which leaves the
 * layout as a prepare at the new size would: later batches still take the incremental path.
 */
export function resizedShape(shape, width, height) {
  return shape && { ...shape, fixed: [width, height, ...shape.fixed.slice(2)] };
}

/**
 * The engine updates that turn a layout prepared with `shape` into one of `context` under
 * `changeset`, or null when only a full prepare is right: the section count, the viewport,
 * the display scale, the direction, the insets or a header or footer height changed; an index
 * path is out of range or repeated; the counts do not add up (old − deletes − move sources +
 * inserts + move destinations ≠ new, per section); or the updates would relay out more items
 * than the prepare (`budget`, by default the larger item total).
 *
 * Deletes and move sources (old index paths) come first, in descending order, consecutive
 * items coalesced into one `{section, index, count}`; then inserts and move destinations (new
 * index paths) in ascending order, coalesced into `{section, index, items}` whose `items` are
 * the new sections' item objects or packed size triples.
 *
 * A reload is a delete of its old index and an insert at its new one (where the survivors'
 * order puts it), with its new size. The engine relays out from the first changed item either
 * way (a changed size moves everything after it), and a full prepare would cost every item;
 * the bridge has no size-replacing export, and a delete + insert pair costs no more.
 *
 * - Complexity: O(c log c + sections) for c changes, plus O(c · r) for r reloads (each maps
 *   through the changeset); independent of the item count. Applying the plan costs the engine
 *   the items after each run (O(k) for k items appended at the end).
 * @param {import("./changeset.js").Changeset} changeset
 */
export function planUpdates(shape, changeset, context, budget) {
  const next = shapeOf(context);
  if (!shape || changesSections(changeset) || !sameFixed(shape, next)) return null;
  const old = shape.sections.map((s) => s.count);
  const counts = next.sections.map((s) => s.count);
  const { deletes, inserts, moves, reloads } = normalise(changeset);
  const removed = group([...deletes, ...moves.map((m) => m.from), ...reloads], old);
  if (!removed) return null;
  const mapper = reloads.length > 0 ? new IndexMapper({ deletes, inserts, moves }) : null;
  const reloaded = reloads.map((p) => mapper.map(p));
  const added = group([...inserts, ...moves.map((m) => m.to), ...reloaded], counts);
  if (!added) return null;
  if (old.some((count, s) => count - removed[s].length + added[s].length !== counts[s])) return null;
  const sum = (list) => list.reduce((total, count) => total + count, 0);
  const plan = [];
  let cost = 0;
  let after = 0;
  for (let s = old.length - 1; s >= 0; s--) {
    for (const [start, length] of runs(removed[s]).reverse()) {
      plan.push({ section: s, index: start, count: length });
      cost += after + old[s] - start;
    }
    after += old[s];
  }
  after = sum(counts);
  for (let s = 0; s < counts.length; s++) {
    after -= counts[s];
    for (const [start, length] of runs(added[s])) {
      plan.push({ section: s, index: start, items: slice(context.sections[s], start, length) });
      cost += after + counts[s] - start;
    }
  }
  return cost > (budget ?? Math.max(sum(old), sum(counts))) ? null : plan;
}

/**
 * The changeset with each reload whose item kept its size (width, height, full span) turned
 * into a reconfigure of its new index path: a like count redrawn costs the layout nothing.
 * - Complexity: O(r · c) for r reloads and c changes.
 * @param {import("./changeset.js").NormalisedChangeset} changeset
 */
export function withoutResizes(changeset, before, after) {
  if (changeset.reloads.length === 0) return changeset;
  const mapper = new IndexMapper(changeset);
  const reloads = [];
  const reconfigures = [...changeset.reconfigures];
  for (const path of changeset.reloads) {
    const to = mapper.map(path);
    if (to && sameSize(before[path.section], path.item, after[to.section], to.item)) {
      reconfigures.push(to);
    } else reloads.push(path);
  }
  reconfigures.sort((a, b) => a.section - b.section || a.item - b.item);
  return { ...changeset, reloads, reconfigures };
}

function sameSize(a, i, b, j) {
  if (!a || !b || i >= itemCount(a) || j >= itemCount(b)) return false;
  // As the engine reads them (engine-staging.js): the full-span flag as a boolean.
  const flag = (value) => Number.isFinite(value) && value !== 0;
  const size = (section, k) => (section.sizes
    ? [section.sizes[3 * k], section.sizes[3 * k + 1], flag(section.sizes[3 * k + 2])]
    : [section.items[k]?.width, section.items[k]?.height, !!section.items[k]?.fullSpan]);
  const other = size(b, j);
  return size(a, i).every((value, n) => Object.is(value, other[n]));
}

/** Applies a plan of `planUpdates` to an EngineLayout. */
export function applyPlan(layout, plan) {
  for (const update of plan) {
    if (update.items) layout.insertItems(update.section, update.index, update.items);
    else layout.deleteItems(update.section, update.index, update.count);
  }
}

function sameFixed(a, b) {
  return a.fixed.every((value, i) => Object.is(value, b.fixed[i])) &&
    a.sections.length === b.sections.length &&
    a.sections.every((s, i) => sameHeight(s.headerHeight, b.sections[i].headerHeight) &&
      sameHeight(s.footerHeight, b.sections[i].footerHeight));
}

/** Items per section, ascending; null when one is not an item of `counts` or comes twice. */
function group(paths, counts) {
  const groups = counts.map(() => []);
  for (const path of paths) {
    const { section, item } = path ?? {};
    if (!Number.isInteger(section) || section < 0 || section >= counts.length ||
        !Number.isInteger(item) || item < 0 || item >= counts[section]) return null;
    groups[section].push(item);
  }
  for (const items of groups) {
    items.sort((a, b) => a - b);
    for (let i = 1; i < items.length; i++) if (items[i] === items[i - 1]) return null;
  }
  return groups;
}

/** Runs of consecutive values in an ascending list, as [start, length]. */
function runs(sorted) {
  const result = [];
  for (const value of sorted) {
    const last = result[result.length - 1];
    if (last && last[0] + last[1] === value) last[1]++;
    else result.push([value, 1]);
  }
  return result;
}

function slice(section, start, length) {
  return section.sizes
    ? section.sizes.subarray(3 * start, 3 * (start + length))
    : section.items.slice(start, start + length);
}
