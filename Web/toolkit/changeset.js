// Index arithmetic for UIKit-style changesets: {deletes, inserts, moves: [{from, to}], reloads}.
// Deletes, move sources and reloads are old index paths; inserts and move destinations new ones.
// An index path is {section, item}; a bare number means item N of section 0.
// Sections themselves are neither inserted nor deleted here.

const path = (value) => (typeof value === "number" ? { section: 0, item: value } : value);

/** The changeset with every index path normalised and each list sorted. */
export function normalise(changeset) {
  const sort = (list) => (list ?? []).map(path).sort((a, b) => a.section - b.section || a.item - b.item);
  const moves = (changeset.moves ?? []).map((m) => ({ from: path(m.from), to: path(m.to) }));
  return { deletes: sort(changeset.deletes), inserts: sort(changeset.inserts), moves,
    reloads: sort(changeset.reloads) };
}

/**
 * Maps old index paths to new ones. Survivors keep their relative order: the r-th survivor of
 * a section lands on the r-th new position that is neither inserted nor a move destination.
 * Complexity: O(changes) per lookup, so mapping the visible cells is cheap at any item count.
 */
export class IndexMapper {
  constructor(changeset) {
    this.removed = new Map();
    this.added = new Map();
    this.moved = new Map();
    const push = (map, { section, item }) => {
      if (!map.has(section)) map.set(section, []);
      map.get(section).push(item);
    };
    for (const p of changeset.deletes) push(this.removed, p);
    for (const p of changeset.inserts) push(this.added, p);
    for (const { from, to } of changeset.moves) {
      push(this.removed, from);
      push(this.added, to);
      this.moved.set(`${from.section}:${from.item}`, to);
    }
    for (const list of [...this.removed.values(), ...this.added.values()]) list.sort((a, b) => a - b);
    this.deleted = new Set(changeset.deletes.map((p) => `${p.section}:${p.item}`));
  }

  /** The new index path of an old one; null when the item was deleted. */
  map({ section, item }) {
    const key = `${section}:${item}`;
    if (this.deleted.has(key)) return null;
    const moved = this.moved.get(key);
    if (moved) return { ...moved };
    let rank = item;
    for (const removed of this.removed.get(section) ?? []) {
      if (removed < item) rank--;
      else break;
    }
    let index = rank;
    for (const added of this.added.get(section) ?? []) {
      if (added <= index) index++;
      else break;
    }
    return { section, item: index };
  }
}
