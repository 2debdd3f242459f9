// The cell nearest the viewport centre: the focused item of scroll-driven layouts (a carousel's
// focus is what sits in the middle), as LNZCollectionLayouts' focus delegate reports it.
import { STRIDE } from "./cell-style.js";

/** {section, item} of the cell whose centre is nearest the centre of `view`, or null. */
export function centredCell(rows, count, view) {
  const cx = view.x + view.width / 2;
  const cy = view.y + view.height / 2;
  let best = null;
  let bestDistance = Infinity;
  for (let i = 0, at = 0; i < count; i++, at += STRIDE) {
    if (rows[at + 2] !== 0 || rows[at + 8] <= 0) continue;
    const dx = rows[at + 3] + rows[at + 5] / 2 - cx;
    const dy = rows[at + 4] + rows[at + 6] / 2 - cy;
    const distance = dx * dx + dy * dy;
    // Ties go to the higher zIndex: in a stack the top card is the focused one.
    if (distance < bestDistance - 1e-6 ||
        (Math.abs(distance - bestDistance) <= 1e-6 && best && rows[at + 7] > best.z)) {
      bestDistance = distance;
      best = { section: rows[at], item: rows[at + 1], z: rows[at + 7] };
    }
  }
  return best && { section: best.section, item: best.item };
}
