// One element's row of query output: the values the wasm module writes per element, named by
// `ROW` (abi.js), and the element object the same values make. Shared by the engine side
// (engine-layout.js decodes rows) and the DOM side (cell-style.js writes them onto cells).

import { ELEMENT_KINDS, ROW } from "./abi.js";

/**
 * @typedef {import("./host.js").Rect} Rect
 * @typedef {Float64Array} Rows  rows of `ROW.stride` values each, named by `ROW`; row i starts
 *   at i × `ROW.stride`. A view into wasm memory is valid only until the next engine call.
 * @typedef {{count: number, data: Rows}} Query  what `EngineLayout.query` returns
 * @typedef {object} Transform  about the element's centre, as in UIKit
 * @property {number} scale
 * @property {number} translateX
 * @property {number} translateY
 * @property {number} translateZ
 * @property {number} rotateX  radians
 * @property {number} perspective  CATransform3D's m34 (−1/d), 0 for none
 * @typedef {object} Element  one row as an object, shaped like `lots-engine layout` output
 * @property {number} section
 * @property {number} item
 * @property {"cell"|"header"|"footer"} kind
 * @property {Rect} frame
 * @property {number} zIndex
 * @property {number} alpha
 * @property {Transform} [transform]  absent when it is the identity
 */

/** The `ROW.kind` code of an element kind ("cell", "header" or "footer"). */
export const kindCode = (kind) => ELEMENT_KINDS.indexOf(kind);

/** The `ROW.kind` code of a cell. */
export const CELL = kindCode("cell");

/** The transform's values, in row order. */
export const TRANSFORM = [
  "scale", "translateX", "translateY", "translateZ", "rotateX", "perspective",
];

/** The identity transform. */
export const IDENTITY = Object.freeze({
  scale: 1, translateX: 0, translateY: 0, translateZ: 0, rotateX: 0, perspective: 0,
});

/**
 * The row at `at` as an element object.
 * @param {Rows} data
 * @returns {Element}
 */
export function decode(data, at) {
  const element = {
    section: data[at + ROW.section], item: data[at + ROW.item],
    kind: ELEMENT_KINDS[data[at + ROW.kind]],
    frame: {
      x: data[at + ROW.x], y: data[at + ROW.y], width: data[at + ROW.width],
      height: data[at + ROW.height],
    },
    zIndex: data[at + ROW.zIndex], alpha: data[at + ROW.alpha],
  };
  const transform = {};
  let identity = true;
  for (const name of TRANSFORM) {
    transform[name] = data[at + ROW[name]];
    if (transform[name] !== IDENTITY[name]) identity = false;
  }
  if (!identity) element.transform = transform;
  return element;
}

/**
 * A row for an element object as `EngineLayout.element` returns it (the inverse of `decode`).
 * @param {Element} element
 * @returns {Rows}
 */
export function rowOf(element) {
  const row = new Float64Array(ROW.stride);
  const transform = element.transform ?? IDENTITY;
  row[ROW.section] = element.section;
  row[ROW.item] = element.item;
  row[ROW.kind] = kindCode(element.kind);
  for (const name of ["x", "y", "width", "height"]) row[ROW[name]] = element.frame[name];
  row[ROW.zIndex] = element.zIndex;
  row[ROW.alpha] = element.alpha;
  for (const name of TRANSFORM) row[ROW[name]] = transform[name];
  return row;
}
