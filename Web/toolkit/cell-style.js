// Writes an element's layout attributes (one row of `EngineLayout.query`, its values named by
// `ROW` in abi.js) onto a cell.
//
// The frame goes into left/top/width/height (so offsetLeft/offsetTop equal the engine's frame
// and tests can compare them); the transform goes into `transform`, about the centre as in
// UIKit (CSS's default transform-origin is the centre too). Values are cached per cell so that
// an unchanged element costs no style write while scrolling.

import { ROW } from "./abi.js";

/** The values of a row written onto a cell: from the frame's x to the end of the row. */
const FIRST = ROW.x;
const COUNT = ROW.stride - FIRST;

/**
 * The CSS transform for a row, or "" when it is the identity.
 * @param {import("./row.js").Rows} data
 */
export function cssTransform(data, at) {
  const scale = data[at + ROW.scale];
  const tx = data[at + ROW.translateX], ty = data[at + ROW.translateY], tz = data[at + ROW.translateZ];
  const rotateX = data[at + ROW.rotateX], m34 = data[at + ROW.perspective];
  if (scale === 1 && tx === 0 && ty === 0 && tz === 0 && rotateX === 0 && m34 === 0) return "";
  // m34 = -1/d is CATransform3D's perspective; CSS wants the distance d.
  const perspective = m34 < 0 ? `perspective(${-1 / m34}px) ` : "";
  return `${perspective}translate3d(${tx}px, ${ty}px, ${tz}px) rotateX(${rotateX}rad) scale(${scale})`;
}

/** The values last written onto each cell (indexed from `FIRST`), so unchanged ones cost nothing. */
const applied = new WeakMap();

/**
 * Applies the row at `at` to `cell`; writes only what changed since the last call.
 * @param {HTMLElement} cell
 * @param {import("./row.js").Rows} data
 */
export function applyAttributes(cell, data, at) {
  let last = applied.get(cell);
  if (!last) applied.set(cell, (last = new Float64Array(COUNT).fill(NaN)));
  const changed = (name) => last[ROW[name] - FIRST] !== data[at + ROW[name]];
  const style = cell.style;
  if (changed("x")) style.left = `${data[at + ROW.x]}px`;
  if (changed("y")) style.top = `${data[at + ROW.y]}px`;
  if (changed("width")) style.width = `${data[at + ROW.width]}px`;
  if (changed("height")) style.height = `${data[at + ROW.height]}px`;
  if (changed("zIndex")) style.zIndex = String(data[at + ROW.zIndex]);
  if (changed("alpha")) style.opacity = String(data[at + ROW.alpha]);
  let transformChanged = false;
  for (let i = ROW.scale - FIRST; i < COUNT; i++) {
    if (last[i] !== data[at + FIRST + i]) transformChanged = true;
  }
  if (transformChanged) style.transform = cssTransform(data, at);
  for (let i = 0; i < COUNT; i++) last[i] = data[at + FIRST + i];
}

/** The frame last written onto a cell as [x, y, width, height], or null before the first. */
export function appliedFrame(cell) {
  const last = applied.get(cell);
  return last ? Array.from(last.subarray(0, 4)) : null;
}

/** Forgets what was written onto a cell: the next `applyAttributes` restyles it in full. */
export function forgetAttributes(cell) {
  applied.delete(cell);
}
