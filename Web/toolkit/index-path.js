// Index paths: numeric keys for (section, item, kind), a Map lookup per element per frame
// without building strings (exact while section < 2^19 and item < 2^32), and flat indices.

/** The key of an element; `kind` is its `ELEMENT_KINDS` code (abi.js). */
export function keyOf(section, item, kind) {
  return (section * 3 + kind) * 4294967296 + item;
}

export function sameIndexPath(a, b) {
  return a !== null && b !== null && a.section === b.section && a.item === b.item;
}

/** The number of items across sections. */
export function itemCount(sections) {
  let total = 0;
  for (const section of sections) total += section.items.length;
  return total;
}

/** An item's index counted across sections (its place in the whole list). */
export function flatIndex(sections, { section, item }) {
  let index = item;
  for (let s = 0; s < section; s++) index += sections[s].items.length;
  return index;
}
