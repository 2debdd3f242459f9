// Geometric neighbour search for arrow keys: the engine lays items out, so "next" is a matter
// of frames, not of indices. One engine query over a band in the arrow's direction.
import { ROW } from "./abi.js";
import { CELL } from "./row.js";

/**
 * {section, item} of the nearest cell from `from` in direction [dx, dy], or null.
 * @param {import("./host.js").CollectionViewHost} view
 */
export function nearestInDirection(view, from, [dx, dy]) {
  const layout = view.layout;
  const origin = layout.element("cell", from.section, from.item, view.bounds);
  if (!origin) return null;
  const f = origin.frame;
  const visible = view.bounds;
  // Look one viewport ahead: far enough for any neighbour, small enough to stay one cheap query.
  const reach = dx !== 0 ? visible.width + f.width : visible.height + f.height;
  const rect = {
    x: dx < 0 ? f.x - reach : dx > 0 ? f.x : f.x - visible.width,
    y: dy < 0 ? f.y - reach : dy > 0 ? f.y : f.y - visible.height,
    width: dx !== 0 ? reach + f.width : f.width + 2 * visible.width,
    height: dy !== 0 ? reach + f.height : f.height + 2 * visible.height,
  };
  const { count, data } = layout.query(rect, visible);
  const cx = f.x + f.width / 2, cy = f.y + f.height / 2;
  let best = null;
  let bestScore = Infinity;
  for (let i = 0, at = 0; i < count; i++, at += ROW.stride) {
    if (data[at + ROW.kind] !== CELL) continue;
    if (data[at + ROW.section] === from.section && data[at + ROW.item] === from.item) continue;
    const x = data[at + ROW.x], y = data[at + ROW.y];
    const w = data[at + ROW.width], h = data[at + ROW.height];
    // Only cells that lie ahead: centre and leading edge both past the origin's.
    const progress = dx !== 0 ? (x + w / 2 - cx) * dx : (y + h / 2 - cy) * dy;
    const lead = dx > 0 ? x - f.x : dx < 0 ? f.x + f.width - (x + w)
      : dy > 0 ? y - f.y : f.y + f.height - (y + h);
    if (progress <= 0.5 || lead <= 0.5) continue;
    // Edge gap along the arrow, and the gap across it (zero when in the same column or row).
    const along = dx > 0 ? x - (f.x + f.width) : dx < 0 ? f.x - (x + w)
      : dy > 0 ? y - (f.y + f.height) : f.y - (y + h);
    const across = dx !== 0 ? gap(y, h, f.y, f.height) : gap(x, w, f.x, f.width);
    const offCentre = dx !== 0 ? Math.abs(y + h / 2 - cy) : Math.abs(x + w / 2 - cx);
    const score = Math.max(along, 0) + 4 * across + 0.001 * offCentre;
    if (score < bestScore) {
      bestScore = score;
      best = { section: data[at + ROW.section], item: data[at + ROW.item] };
    }
  }
  return best;
}

function gap(start, length, otherStart, otherLength) {
  return Math.max(0, Math.max(start, otherStart) - Math.min(start + length, otherStart + otherLength));
}
