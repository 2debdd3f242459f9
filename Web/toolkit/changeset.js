// Index arithmetic for UIKit-style changesets: {deletes, inserts, moves: [{from, to}], reloads}.
// Deletes, move sources and reloads are old index paths; inserts and move destinations new ones.
// An index path is {section, item}; a bare number means item N of section 0.
// Sections themselves are neither inserted nor deleted here.

/**
 * @typedef {{section: number, item: number}} Path
 * @typedef {number|Path} PathLike  an index path; a bare number N is item N of section 0
 * @typedef {object} Changeset  one batch, as `performBatchUpdates` takes it and `engine.diff`
 *   gives it; absent lists are empty
 * @property {PathLike[]} [deletes]  old index paths
 * @property {PathLike[]} [inserts]  new index paths
 * @property {{from: PathLike, to: PathLike}[]} [moves]  an old index path to a new one
 * @property {PathLike[]} [reloads]  old index paths whose content (or size) changed
 * @property {PathLike[]} [reconfigures]  new index paths (from `engine.diff`; the view does not
 *   read them)
 * @typedef {object} NormalisedChangeset  a changeset as `normalise` returns it
 * @property {Path[]} deletes  sorted
 * @property {Path[]} inserts  sorted
 * @property {{from: Path, to: Path}[]} moves
 * @property {Path[]} reloads  sorted
 */

/** @returns {Path} */
const path = (value) => (typeof value === "number" ? { section: 0, item: value } : value);

/**
 * The changeset with every index path normalised and each list sorted.
 * @param {Changeset} changeset
 * @returns {NormalisedChangeset}
 */
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
  /** Old items removed (deletes, move sources) and new ones added, by section, ascending. */
  #removed = new Map();
  #added = new Map();
  /** Move destinations by old "section:item". */
  #moved = new Map();
  #deleted;

  /** @param {NormalisedChangeset} changeset */
  constructor(changeset) {
    const push = (map, { section, item }) => {
      if (!map.has(section)) map.set(section, []);
      map.get(section).push(item);
    };
    for (const p of changeset.deletes) push(this.#removed, p);
    for (const p of changeset.inserts) push(this.#added, p);
    for (const { from, to } of changeset.moves) {
      push(this.#removed, from);
      push(this.#added, to);
      this.#moved.set(`${from.section}:${from.item}`, to);
    }
    for (const list of [...this.#removed.values(), ...this.#added.values()]) list.sort((a, b) => a - b);
    this.#deleted = new Set(changeset.deletes.map((p) => `${p.section}:${p.item}`));
  }

  /** The new index path of an old one; null when the item was deleted. */
  map({ section, item }) {
    const key = `${section}:${item}`;
    if (this.#deleted.has(key)) return null;
    const moved = this.#moved.get(key);
    if (moved) return { ...moved };
    let rank = item;
    for (const removed of this.#removed.get(section) ?? []) {
      if (removed < item) rank--;
      else break;
    }
    let index = rank;
    for (const added of this.#added.get(section) ?? []) {
      if (added <= index) index++;
      else break;
    }
    return { section, item: index };
  }
}
