// Per-cell state kept beside the DOM node, not on it: the index path each cell shows.

/** @type {WeakMap<HTMLElement, import("./host.js").IndexPath>} */
const paths = new WeakMap();

/** The index path a cell of a CollectionView shows ({section, item, kind}), or undefined. */
export function indexPathOf(cell) {
  return paths.get(cell);
}

/** Records the index path a cell shows. */
export function setIndexPath(cell, indexPath) {
  paths.set(cell, indexPath);
}
