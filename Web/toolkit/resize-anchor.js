// Resizing keeps the user's place: the focused item (or else the first visible cell in
// scrolling order) stays at the same distance from the viewport's top-left edge.
import { ROW } from "./abi.js";
import { indexPathOf } from "./cell-state.js";
import { CELL } from "./row.js";

/**
 * {section, item, dx, dy} for the anchor cell in the last rendered frame, or null. With
 * `survives`, only a cell for whose index path it returns true can be the anchor (a batch
 * update anchors the first visible cell it keeps when it deletes the first one).
 * @param {import("./host.js").CollectionViewHost} view
 * @param {(indexPath: {section: number, item: number}) => boolean} [survives]
 */
export function anchorFor(view, survives = () => true) {
  const visible = { x: view.scroller.scrollLeft, y: view.scroller.scrollTop };
  const focused = view.focused && view.cellFor(view.focused.section, view.focused.item);
  if (focused && !focused.hidden && focused.contains(document.activeElement)
    && survives(view.focused)) {
    return anchorAt(view, indexPathOf(focused), visible);
  }
  const { rows, count } = view.rows();
  const horizontal = view.contentSize.width > view.contentSize.height;
  let best = null;
  for (let i = 0, at = 0; i < count; i++, at += ROW.stride) {
    if (rows[at + ROW.kind] !== CELL) continue;
    const x = rows[at + ROW.x], y = rows[at + ROW.y];
    // First in scrolling order among cells not entirely above (left of) the viewport.
    const visibleAlong = horizontal
      ? x + rows[at + ROW.width] > visible.x : y + rows[at + ROW.height] > visible.y;
    if (!visibleAlong) continue;
    if (!survives({ section: rows[at + ROW.section], item: rows[at + ROW.item] })) continue;
    const key = horizontal ? [x, y] : [y, x];
    if (!best || key[0] < best.key[0] || (key[0] === best.key[0] && key[1] < best.key[1])) {
      best = { key, section: rows[at + ROW.section], item: rows[at + ROW.item] };
    }
  }
  return best && anchorAt(view, best, visible);
}

function anchorAt(view, { section, item }, visible) {
  const element = view.layout.element("cell", section, item, visible);
  if (!element) return null;
  return { section, item, dx: element.frame.x - visible.x, dy: element.frame.y - visible.y };
}

/** Scrolls so that the anchor sits where it was (clamped to the new content). */
export function restoreAnchor(view, anchor) {
  if (!anchor) return;
  const s = view.scroller;
  const element = view.layout.element("cell", anchor.section, anchor.item,
    { x: s.scrollLeft, y: s.scrollTop });
  if (!element) return;
  s.scrollLeft = element.frame.x - anchor.dx;
  s.scrollTop = element.frame.y - anchor.dy;
}
