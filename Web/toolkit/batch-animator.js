// Animated batch updates, timed like UIKit's defaults (0.3 s, ease-in-out): inserted cells fade
// and scale in, deleted ones fade and scale out where they were, surviving cells slide from
// their old frame to the new one (the same DOM cell, re-keyed to its new index path). The layout
// takes the changeset as incremental engine updates where it can (engine-updates.js). A
// reconfigure, or a reload whose item kept its size, redraws the cell in place and leaves the
// layout alone; inserted and deleted sections take their headers, footers and items along.
// With prefers-reduced-motion the same update happens at once.
//
// Scrolled away from the start, the view keeps the reader's place: the first visible cell (or
// the focused one) stays where it was on screen through inserts, deletes, moves and resizes
// above it (when it is deleted itself, the first visible cell that stays does), and survivors
// slide from where they were on screen, not in content coordinates.
import { appliedFrame } from "./cell-style.js";
import { indexPathOf, setIndexPath } from "./cell-state.js";
import { IndexMapper, normalise } from "./changeset.js";
import { withoutResizes } from "./engine-updates.js";
import { keyOf } from "./index-path.js";
import { anchorFor, restoreAnchor } from "./resize-anchor.js";
import { kindCode } from "./row.js";

export const DURATION_MS = 300;
const EASING = "ease-in-out";

/**
 * Applies `changeset` and the new `sections` to `view`; resolves when animations end.
 * @param {import("./host.js").CollectionViewHost} view
 * @param {import("./changeset.js").Changeset} changeset
 */
export async function performBatchUpdates(view, changeset, sections) {
  const normalised = withoutResizes(normalise(changeset), view.sections, sections);
  const mapper = new IndexMapper(normalised);
  const pathKey = (p) => `${p.section}:${p.item}`;
  const reloaded = new Set(normalised.reloads.map(pathKey));
  const reconfigured = new Set(normalised.reconfigures.map(pathKey));
  if (contentOnly(normalised)) {
    // Nothing moves: the visible cells of the reconfigured items are drawn again, in place.
    view.update(sections, normalised);
    for (const { section, item } of normalised.reconfigures) {
      const cell = view.cellFor(section, item, "cell");
      if (cell) view.configure(cell, indexPathOf(cell));
    }
    view.dispatchEvent(new CustomEvent("batchend"));
    return;
  }
  const animate = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  const before = new Map();
  const leaving = [];
  const next = new Map();
  const scroller = view.scroller;
  const start = { x: scroller.scrollLeft, y: scroller.scrollTop };
  const kept = (indexPath) => mapper.map(indexPath) !== null;
  const anchor = start.x > 0 || start.y > 0 ? anchorFor(view, kept) : null;
  const anchorTo = anchor && mapper.map({ section: anchor.section, item: anchor.item });
  const reconfigure = new Set();
  // What each surviving cell shows after the update: `render` below may recycle a survivor
  // (scrolled out of view) and hand it to another item, which must appear, not slide from
  // the old item's place.
  const shows = new Map();
  for (const cell of view.cells()) {
    const old = indexPathOf(cell);
    const section = old.kind === "cell" ? null : mapper.mapSection(old.section);
    const mapped = old.kind === "cell" ? mapper.map(old)
      : section === null ? null : { section, item: old.item };
    if (!mapped) {
      leaving.push(cell);
      continue;
    }
    const indexPath = { ...mapped, kind: old.kind };
    const frame = appliedFrame(cell);
    if (frame) before.set(cell, frame);
    setIndexPath(cell, indexPath);
    shows.set(cell, keyOf(indexPath.section, indexPath.item, kindCode(indexPath.kind)));
    next.set(keyOf(indexPath.section, indexPath.item, kindCode(indexPath.kind)), cell);
    if (old.kind === "cell" && (reloaded.has(pathKey(old)) || reconfigured.has(pathKey(mapped)))) {
      reconfigure.add(cell);
    }
  }
  view.replaceCells(next);
  view.update(sections, normalised);
  if (anchorTo) restoreAnchor(view, { ...anchor, ...anchorTo });
  // Frames recorded before the update, moved by the scroll, are where cells were on screen.
  const shift = { x: scroller.scrollLeft - start.x, y: scroller.scrollTop - start.y };
  for (const [cell, [x, y, width, height]] of before) {
    before.set(cell, [x + shift.x, y + shift.y, width, height]);
  }
  view.render();
  const animations = [];
  for (const cell of view.cells()) {
    const now = indexPathOf(cell);
    const survived = shows.get(cell) === keyOf(now.section, now.item, kindCode(now.kind));
    // Survivors: new index attributes (and new content for reloads); created cells: fade in.
    if (survived && (before.has(cell) || reconfigure.has(cell))) view.configure(cell, now);
    if (!animate) continue;
    const from = survived ? before.get(cell) : undefined;
    if (from) animations.push(slide(cell, from));
    else animations.push(appear(cell, true));
  }
  for (const cell of leaving) {
    if (animate) animations.push(appear(cell, false).then(() => view.recycle(cell)));
    else view.recycle(cell);
  }
  await Promise.all(animations);
  view.dispatchEvent(new CustomEvent("batchend"));
}

function contentOnly(c) {
  return c.deletes.length + c.inserts.length + c.moves.length + c.reloads.length
    + c.sectionDeletes.length + c.sectionInserts.length === 0;
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
