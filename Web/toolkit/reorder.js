// The pure arithmetic of drag-and-drop reordering (drag-reorder.js is the DOM side): where each
// item of the list sits while one is carried, the engine rows rewritten so that every cell
// keeps showing its own item, the edge auto-scroll speed, the reordered data and the default
// announcements. No DOM here: node tests it directly.

import { ROW } from "./abi.js";

/**
 * The index an item had before the movement, given its index in the reflow (the engine's
 * order while an item taken from `origin` sits at `target`).
 */
export function originalIndex(origin, target, index) {
  if (index === target) return origin;
  if (origin < target && index >= origin && index < target) return index + 1;
  if (target < origin && index > target && index <= origin) return index - 1;
  return index;
}

/** The inverse of `originalIndex`: where the item first at `index` sits in the reflow. */
export function reflowedIndex(origin, target, index) {
  if (index === origin) return target;
  if (origin < target && index > origin && index <= target) return index - 1;
  if (target < origin && index >= target && index < origin) return index + 1;
  return index;
}

/** The stacking order of the carried item, above every other element. */
export const CARRIED_Z_INDEX = 100;

/**
 * Rewrites query rows (`count` rows of `ROW.stride` values) of a reflow in place: each cell of
 * the section gets its item's original index, so that the view keys it to the cell already
 * showing that item; the carried item's row is lifted (zIndex) and, with `lift` ({x, y}: where
 * its top-left corner is drawn, in content coordinates), translated there from its
 * placeholder. Returns whether the carried item's row was among them.
 * @param {import("./row.js").Rows} rows
 */
export function mapRows(rows, count, { section, origin, target, lift = null }) {
  let found = false;
  for (let at = 0, i = 0; i < count; i++, at += ROW.stride) {
    if (rows[at + ROW.kind] !== 0 || rows[at + ROW.section] !== section) continue;
    const reflowed = rows[at + ROW.item];
    rows[at + ROW.item] = originalIndex(origin, target, reflowed);
    if (reflowed === target) {
      found = true;
      rows[at + ROW.zIndex] = CARRIED_Z_INDEX;
      if (lift) {
        rows[at + ROW.translateX] = lift.x - rows[at + ROW.x];
        rows[at + ROW.translateY] = lift.y - rows[at + ROW.y];
      }
    }
  }
  return found;
}

/**
 * The rows with one more row appended for the carried item (an element object of
 * `EngineLayout.element`, its placeholder), when its placeholder is outside the rows' rect but
 * the item is drawn under the pointer. Returns a new array.
 */
export function withCarriedRow(rows, count, element, origin, lift) {
  const result = new Float64Array((count + 1) * ROW.stride);
  result.set(rows.subarray(0, count * ROW.stride));
  const at = count * ROW.stride;
  const { x, y, width, height } = element.frame;
  Object.entries({ section: element.section, item: origin, kind: 0, x, y, width, height,
    zIndex: CARRIED_Z_INDEX, alpha: 1, scale: 1, translateX: lift.x - x, translateY: lift.y - y,
  }).forEach(([name, value]) => { result[at + ROW[name]] = value; });
  return result;
}

/**
 * Points to scroll per frame while the pointer is within `edge` of either end of the visible
 * span [start, start + length): up to `max`, faster nearer the edge, negative towards the start.
 */
export function autoScrollSpeed(pointer, start, length, edge = 48, max = 18) {
  if (!(length > 2 * edge) || !Number.isFinite(pointer)) return 0;
  const before = pointer - start;
  const after = start + length - pointer;
  if (before < edge) return -Math.round(max * Math.min(1, (edge - before) / edge));
  if (after < edge) return Math.round(max * Math.min(1, (edge - after) / edge));
  return 0;
}

/** Sections with one item moved (`from` and `to` index paths of the same section); new arrays. */
export function reorderedSections(sections, from, to) {
  return sections.map((section, index) => {
    if (index !== from.section) return section;
    const items = section.items.slice();
    const [moved] = items.splice(from.item, 1);
    items.splice(to.item, 0, moved);
    return { ...section, items };
  });
}

/** Whether a press has moved far enough to be a drag rather than a tap or a click. */
export function beyondThreshold(start, point, threshold) {
  const dx = point.x - start.x;
  const dy = point.y - start.y;
  return dx * dx + dy * dy > threshold * threshold;
}

/**
 * What the live region says at each step; a page passes its own (same keys) for its wording
 * or language. Positions count from 1 across the list.
 */
export const DEFAULT_MESSAGES = Object.freeze({
  pickedUp: (position, count) => `Picked up item ${position} of ${count}`,
  moved: (position, count) => `Moved to position ${position} of ${count}`,
  dropped: (position) => `Dropped at position ${position}`,
  cancelled: () => "Reorder cancelled",
  reverted: () => "Move undone",
});
