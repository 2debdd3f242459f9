// Writes an element's layout attributes (one 15-value row of `EngineLayout.query`) onto a cell.
// Row layout: section, item, kind, x, y, width, height, zIndex, alpha, scale, translateX,
// translateY, translateZ, rotateX, perspective (m34).
//
// The frame goes into left/top/width/height (so offsetLeft/offsetTop equal the engine's frame
// and tests can compare them); the transform goes into `transform`, about the centre as in
// UIKit (CSS's default transform-origin is the centre too). Values are cached per cell so that
// an unchanged element costs no style write while scrolling.

export const STRIDE = 15;
const FIRST = 3;
const COUNT = STRIDE - FIRST;

/** The CSS transform for a row, or "" when it is the identity. */
export function cssTransform(data, at) {
  const scale = data[at + 9];
  const tx = data[at + 10], ty = data[at + 11], tz = data[at + 12];
  const rotateX = data[at + 13], m34 = data[at + 14];
  if (scale === 1 && tx === 0 && ty === 0 && tz === 0 && rotateX === 0 && m34 === 0) return "";
  // m34 = -1/d is CATransform3D's perspective; CSS wants the distance d.
  const perspective = m34 < 0 ? `perspective(${-1 / m34}px) ` : "";
  return `${perspective}translate3d(${tx}px, ${ty}px, ${tz}px) rotateX(${rotateX}rad) scale(${scale})`;
}

/** Applies the row at `at` to `cell`; writes only what changed since the last call. */
export function applyAttributes(cell, data, at) {
  let applied = cell.applied;
  if (!applied) applied = cell.applied = new Float64Array(COUNT).fill(NaN);
  const style = cell.style;
  if (applied[0] !== data[at + 3]) style.left = `${data[at + 3]}px`;
  if (applied[1] !== data[at + 4]) style.top = `${data[at + 4]}px`;
  if (applied[2] !== data[at + 5]) style.width = `${data[at + 5]}px`;
  if (applied[3] !== data[at + 6]) style.height = `${data[at + 6]}px`;
  if (applied[4] !== data[at + 7]) style.zIndex = String(data[at + 7]);
  if (applied[5] !== data[at + 8]) style.opacity = String(data[at + 8]);
  let transformChanged = false;
  for (let i = 6; i < COUNT; i++) {
    if (applied[i] !== data[at + FIRST + i]) transformChanged = true;
  }
  if (transformChanged) style.transform = cssTransform(data, at);
  for (let i = 0; i < COUNT; i++) applied[i] = data[at + FIRST + i];
}

/** The frame of the row at `at` as {x, y, width, height}. */
export function frameAt(data, at) {
  return { x: data[at + 3], y: data[at + 4], width: data[at + 5], height: data[at + 6] };
}

/** A 15-value row for an element object as `EngineLayout.element` returns it. */
export function rowOf(element) {
  const kind = ["cell", "header", "footer"].indexOf(element.kind);
  const f = element.frame;
  const t = element.transform ?? { scale: 1, translateX: 0, translateY: 0, translateZ: 0,
    rotateX: 0, perspective: 0 };
  return Float64Array.of(element.section, element.item, kind, f.x, f.y, f.width, f.height,
    element.zIndex, element.alpha, t.scale, t.translateX, t.translateY, t.translateZ,
    t.rotateX, t.perspective);
}
