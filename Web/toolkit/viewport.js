// The viewport's arithmetic for one frame: the rect queried (the viewport plus the prefetch
// margin) and how many elements the viewport itself shows (the DOM bound's unit).

import { ROW } from "./abi.js";

/**
 * The viewport `view` grown by `prefetch` (a fraction of the viewport) on each side of each
 * axis along which the content scrolls.
 * @param {import("./host.js").Rect} view
 * @param {{width: number, height: number}} contentSize
 * @returns {import("./host.js").Rect}
 */
export function prefetchRect(view, contentSize, prefetch) {
  const mx = contentSize.width > view.width ? view.width * prefetch : 0;
  const my = contentSize.height > view.height ? view.height * prefetch : 0;
  return { x: view.x - mx, y: view.y - my, width: view.width + 2 * mx,
    height: view.height + 2 * my };
}

/**
 * How many rows intersect the viewport itself (not the prefetch margin).
 * @param {import("./row.js").Rows} rows
 * @param {import("./host.js").Rect} view
 */
export function visibleCount(rows, count, view) {
  let visible = 0;
  for (let i = 0, at = 0; i < count; i++, at += ROW.stride) {
    const x = rows[at + ROW.x], y = rows[at + ROW.y];
    if (x < view.x + view.width && x + rows[at + ROW.width] > view.x &&
        y < view.y + view.height && y + rows[at + ROW.height] > view.y) visible++;
  }
  return visible;
}
