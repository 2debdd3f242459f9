// Index arithmetic for UIKit-style changesets: {sectionDeletes, sectionInserts, deletes,
// inserts, moves: [{from, to}], reloads, reconfigures}. Section deletes, item deletes, move
// sources and reloads are old indexes; section inserts, item inserts, move destinations and
// reconfigures new ones. An index path is {section, item}; a bare number means item N of
// section 0. The items of a deleted section go with it and those of an inserted one come with
// it, unlisted, as in UIKit.

/**
 * @typedef {{section: number, item: number}} Path
 * @typedef {number|Path} PathLike  an index path; a bare number N is item N of section 0
 * @typedef {object} Changeset  one batch, as `performBatchUpdates` takes it and `engine.diff`
 *   gives it; absent lists are empty
 * @property {PathLike[]} [deletes]  old index paths
 * @property {PathLike[]} [inserts]  new index paths
 * @property {{from: PathLike, to: PathLike}[]} [moves]  an old index path to a new one
 * @property {PathLike[]} [reloads]  old index paths whose content, and perhaps size, changed:
 *   the cell is configured again and the layout measures the item again
 * @property {PathLike[]} [reconfigures]  new index paths whose content changed but not their
 *   size: the cell is configured again in place, and the layout is not touched
 * @property {number[]} [sectionDeletes]  old section indexes
 * @property {number[]} [sectionInserts]  new section indexes
 * @typedef {object} NormalisedChangeset  a changeset as `normalise` returns it
 * @property {Path[]} deletes  sorted
 * @property {Path[]} inserts  sorted
 * @property {{from: Path, to: Path}[]} moves
 * @property {Path[]} reloads  sorted
 * @property {Path[]} reconfigures  sorted
 * @property {number[]} sectionDeletes  ascending, each once
 * @property {number[]} sectionInserts  ascending, each once
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
  const sections = (list) => [...new Set(list ?? [])].sort((a, b) => a - b);
  const moves = (changeset.moves ?? []).map((m) => ({ from: path(m.from), to: path(m.to) }));
  return { deletes: sort(changeset.deletes), inserts: sort(changeset.inserts), moves,
    reloads: sort(changeset.reloads), reconfigures: sort(changeset.reconfigures),
    sectionDeletes: sections(changeset.sectionDeletes),
    sectionInserts: sections(changeset.sectionInserts) };
}

/** Whether a changeset inserts or deletes sections (the layout then prepares anew). */
export const changesSections = (changeset) =>
  (changeset.sectionDeletes?.length ?? 0) + (changeset.sectionInserts?.length ?? 0) > 0;

/**
 * Maps old index paths to new ones. Sections first: a surviving section keeps its order among
 * the others, around the inserted ones. Then items: the r-th survivor of a section lands on
 * the r-th new position of its new section that is neither inserted nor a move destination.
 * Complexity: O(changes) per lookup, so mapping the visible cells is cheap at any item count.
 */
export class IndexMapper {
  #sectionDeletes;
  #sectionInserts;
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
    this.#sectionDeletes = changeset.sectionDeletes ?? [];
    this.#sectionInserts = changeset.sectionInserts ?? [];
  }

  /** The new index of an old section; null when the section was deleted. */
  mapSection(section) {
    return shift(section, this.#sectionDeletes, this.#sectionInserts);
  }

  /** The new index path of an old one; null when the item was deleted. */
  map({ section, item }) {
    const key = `${section}:${item}`;
    const to = this.mapSection(section);
    if (to === null || this.#deleted.has(key)) return null;
    const moved = this.#moved.get(key);
    if (moved) return { ...moved };
    return { section: to, item: shift(item, this.#removed.get(section), this.#added.get(to)) };
  }
}

/**
 * Where old index `index` lands after the old indexes `removed` go and the new indexes `added`
 * come (both ascending): null when it is removed itself.
 */
function shift(index, removed = [], added = []) {
  let rank = index;
  for (const gone of removed) {
    if (gone < index) rank--;
    else if (gone === index) return null;
    else break;
  }
  for (const come of added) {
    if (come <= rank) rank++;
    else break;
  }
  return rank;
}
