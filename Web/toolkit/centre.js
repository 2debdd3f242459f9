// The cell nearest the viewport centre: the focused item of scroll-driven layouts (a carousel's
// focus is what sits in the middle), as LNZCollectionLayouts' focus delegate reports it.
import { ROW } from "./abi.js";
import { CELL } from "./row.js";

/** {section, item} of the cell whose centre is nearest the centre of `view`, or null. */
export function centredCell(rows, count, view) {
  const cx = view.x + view.width / 2;
  const cy = view.y + view.height / 2;
  let best = null;
  let bestDistance = Infinity;
  for (let i = 0, at = 0; i < count; i++, at += ROW.stride) {
    if (rows[at + ROW.kind] !== CELL || rows[at + ROW.alpha] <= 0) continue;
    const dx = rows[at + ROW.x] + rows[at + ROW.width] / 2 - cx;
    const dy = rows[at + ROW.y] + rows[at + ROW.height] / 2 - cy;
    const distance = dx * dx + dy * dy;
    // Ties go to the higher zIndex: in a stack the top card is the focused one.
    if (distance < bestDistance - 1e-6 ||
        (Math.abs(distance - bestDistance) <= 1e-6 && best && rows[at + ROW.zIndex] > best.z)) {
      bestDistance = distance;
      best = { section: rows[at + ROW.section], item: rows[at + ROW.item], z: rows[at + ROW.zIndex] };
    }
  }
  return best && { section: best.section, item: best.item };
}
