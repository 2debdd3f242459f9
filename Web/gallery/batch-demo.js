// Buttons that change the data next to the first visible (or focused) item and animate the
// changeset, to show batch updates on any layout.

import { appliedFrame } from "../toolkit/index.js";

export function batchDemo(view, state, buttons) {
  const apply = (make) => {
    const { section, item } = view.focused ?? firstVisible(view) ?? { section: 0, item: -1 };
    const sections = state.sections.map((s) => ({ ...s, items: s.items.slice() }));
    const items = sections[section]?.items;
    if (!items) return;
    const changeset = make(items, item + 1);
    if (!changeset) return;
    state.sections = sections;
    view.performBatchUpdates(changeset, sections);
  };
  const at = (section, item) => ({ section: view.focused?.section ?? section, item });
  buttons.insert.addEventListener("click", () => apply((items, start) => {
    const added = [0, 1, 2].map((i) => ({ id: state.nextId++, width: 1000, height: 700 + 300 * i }));
    items.splice(start, 0, ...added);
    return { inserts: [0, 1, 2].map((i) => at(0, start + i)) };
  }));
  buttons.delete.addEventListener("click", () => apply((items, start) => {
    const count = Math.min(3, items.length - start);
    if (count <= 0) return null;
    items.splice(start, count);
    return { deletes: Array.from({ length: count }, (_, i) => at(0, start + i)) };
  }));
  buttons.move.addEventListener("click", () => apply((items, start) => {
    const to = Math.min(start + 3, items.length - 1);
    if (start >= items.length || to <= start) return null;
    const [moved] = items.splice(start, 1);
    items.splice(to, 0, moved);
    return { moves: [{ from: at(0, start), to: at(0, to) }] };
  }));
}

function firstVisible(view) {
  let best = null;
  const { x, y, width, height } = view.bounds;
  for (const { cell, indexPath: p } of view.visibleCells()) {
    const frame = appliedFrame(cell);
    if (p.kind !== "cell" || cell.hidden || !frame) continue;
    const [cx, cy, cw, ch] = frame;
    // Prefetched cells outside the viewport do not count: the change should be seen.
    if (cx + cw <= x || cx >= x + width || cy + ch <= y || cy >= y + height) continue;
    if (!best || p.section < best.section || (p.section === best.section && p.item < best.item)) {
      best = p;
    }
  }
  return best && { section: best.section, item: best.item };
}
