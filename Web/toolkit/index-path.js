// Numeric keys for (section, item, kind): a Map lookup per element per frame without building
// strings. Exact while section < 2^19 and item < 2^32.

/** The key of an element; `kind` is its `ELEMENT_KINDS` code (abi.js). */
export function keyOf(section, item, kind) {
  return (section * 3 + kind) * 4294967296 + item;
}

export function sameIndexPath(a, b) {
  return a !== null && b !== null && a.section === b.section && a.item === b.item;
}
