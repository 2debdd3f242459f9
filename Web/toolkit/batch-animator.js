// Animated batch updates, timed like UIKit's defaults (0.3 s, ease-in-out): inserted cells fade
// and scale in, deleted ones fade and scale out where they were, surviving cells slide from
// their old frame to the new one (the same DOM cell, re-keyed to its new index path). The layout
// takes the changeset as incremental engine updates where it can (engine-updates.js).
// With prefers-reduced-motion the same update happens at once.
import { IndexMapper, normalise } from "./changeset.js";
import { keyOf } from "./index-path.js";

export const DURATION_MS = 300;
const EASING = "ease-in-out";
const KIND_CODES = { cell: 0, header: 1, footer: 2 };

/** Applies `changeset` and the new `sections` to `view`; resolves when animations end. */
export async function performBatchUpdates(view, changeset, sections) {
  const normalised = normalise(changeset);
  const mapper = new IndexMapper(normalised);
  const reloaded = new Set(normalised.reloads.map((p) => `${p.section}:${p.item}`));
  const animate = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  const before = new Map();
  const leaving = [];
  const next = new Map();
  for (const cell of view.active.values()) {
    const old = cell.indexPath;
    const mapped = old.kind === "cell" ? mapper.map(old) : { section: old.section, item: old.item };
    if (!mapped) {
      leaving.push(cell);
      continue;
    }
    const indexPath = { ...mapped, kind: old.kind };
    if (cell.applied) before.set(cell, Array.from(cell.applied.subarray(0, 4)));
    cell.indexPath = indexPath;
    next.set(keyOf(indexPath.section, indexPath.item, KIND_CODES[indexPath.kind]), cell);
    if (reloaded.has(`${old.section}:${old.item}`)) cell.needsReconfigure = true;
  }
  view.active = next;
  view.sections = sections;
  view.updateLayout(normalised);
  view.render();
  const animations = [];
  for (const cell of view.active.values()) {
    // Survivors: new index attributes (and new content for reloads); created cells: fade in.
    if (before.has(cell) || cell.needsReconfigure) view.configure(cell, cell.indexPath);
    cell.needsReconfigure = false;
    if (!animate) continue;
    const from = before.get(cell);
    if (from) animations.push(slide(cell, from));
    else animations.push(appear(cell, true));
  }
  for (const cell of leaving) {
    if (animate) animations.push(appear(cell, false).then(() => view.pool.enqueue(cell)));
    else view.pool.enqueue(cell);
  }
  await Promise.all(animations);
  view.dispatchEvent(new CustomEvent("batchend"));
}

function slide(cell, [x, y, width, height]) {
  const s = cell.style;
  if (`${x}px` === s.left && `${y}px` === s.top && `${width}px` === s.width && `${height}px` === s.height) {
    return Promise.resolve();
  }
  const keyframes = [
    { left: `${x}px`, top: `${y}px`, width: `${width}px`, height: `${height}px` },
    { left: s.left, top: s.top, width: s.width, height: s.height },
  ];
  return cell.animate(keyframes, { duration: DURATION_MS, easing: EASING }).finished
    .catch(() => {});
}

function appear(cell, appearing) {
  const base = cell.style.transform || "";
  const shown = { opacity: cell.style.opacity || 1, transform: `${base} scale(1)` };
  const hidden = { opacity: 0, transform: `${base} scale(0.5)` };
  const keyframes = appearing ? [hidden, shown] : [shown, hidden];
  const animation = cell.animate(keyframes,
    { duration: DURATION_MS, easing: EASING, fill: appearing ? "none" : "forwards" });
  return animation.finished.catch(() => {}).then(() => {
    if (!appearing) animation.cancel();
  });
}
