// A live list in the engine (the Swift `LiveList`, through `lots_live`): pages and stream events
// go in, one changeset per step comes out, and the CollectionView animates it. The merge rules
// (duplicates, gaps, held inserts, blocked authors) live in Swift only; JS keeps the items'
// data by identity and hands the engine numbers.
//
// An item is {id, key: [primary, secondary], author, version}: the list sorts by key
// ascending (a newest-first feed uses the negated time, then the negated id); `version`
// changes whenever the item's content does, which is how the list tells a redraw.

import { LIVE_INPUT, LIVE_OPERATION, LIVE_STATE } from "./abi.js";

/** One live list living in the module. Call `destroy()` when done with it. */
export class EngineLiveList {
  #engine;
  #handle;

  constructor(engine) {
    this.#engine = engine;
    this.#handle = engine.exports.lots_live_create();
    if (this.#handle === 0) throw new Error("too many live lists at once: destroy() the unused ones");
  }

  #run(operation, a = 0, b = 0, values = []) {
    if (this.#handle === 0) throw new Error("the live list was destroyed");
    const count = this.#engine.input(values);
    const total = this.#engine.exports.lots_live(this.#handle, operation, a, b, count);
    if (total < 0) throw new RangeError(`the live list refused operation ${operation}`);
    return total;
  }

  /**
   * Merges a page read at sequence `snapshot`: the items after key `after` (null for the
   * first page) up to key `next` (null at the end). With `resync`, starts over from it (after
   * `state.needsResync`). Returns the changeset of the list.
   */
  page(items, { after = null, next = null, snapshot, resync = false }) {
    const { pageHeader, itemValues } = LIVE_INPUT;
    const values = new Float64Array(pageHeader + itemValues * items.length);
    values.set([after ? 1 : 0, after?.[0] ?? 0, after?.[1] ?? 0,
      next ? 1 : 0, next?.[0] ?? 0, next?.[1] ?? 0]);
    items.forEach((item, i) => writeItem(values, pageHeader + itemValues * i, item));
    const operation = resync ? LIVE_OPERATION.resync : LIVE_OPERATION.page;
    return this.#engine.readChangeset(this.#run(operation, snapshot, 0, values));
  }

  /**
   * Applies a stream event: `kind` insert or update (`payload` an item), delete (an id),
   * block or unblock (an author id), or reset; `sequence` and `previous` as the server sent
   * them. Returns the changeset (empty for events that change nothing shown, or that showed a
   * gap: then `state.needsResync` is set).
   */
  event(kind, sequence, previous, payload) {
    const operation = LIVE_OPERATION[kind];
    if (operation === undefined || operation < LIVE_OPERATION.insert
      || operation > LIVE_OPERATION.reset) throw new RangeError(`unknown event kind ${kind}`);
    let values = [];
    if (kind === "insert" || kind === "update") {
      values = new Float64Array(LIVE_INPUT.itemValues);
      writeItem(values, 0, payload);
    } else if (kind !== "reset") values = [payload];
    return this.#engine.readChangeset(this.#run(operation, sequence, previous, values));
  }

  /** Records the index of the first visible item: inserts above it are held while it is not 0. */
  setFirstVisible(index) {
    this.#run(LIVE_OPERATION.firstVisible, index);
  }

  /** Shows the held inserts; returns their changeset. */
  showNew() {
    return this.#engine.readChangeset(this.#run(LIVE_OPERATION.showNew));
  }

  /**
   * {lastSequence (null before the first page), needsResync, isComplete, newCount, count,
   * next (the key to page after, or null)}.
   */
  get state() {
    const out = this.#engine.output(this.#run(LIVE_OPERATION.state));
    const value = (name) => out[LIVE_STATE[name]];
    return {
      lastSequence: Number.isNaN(value("lastSequence")) ? null : value("lastSequence"),
      needsResync: value("needsResync") === 1, isComplete: value("isComplete") === 1,
      newCount: value("newCount"), count: value("count"),
      next: value("hasNext") === 1 ? [value("nextPrimary"), value("nextSecondary")] : null,
    };
  }

  /** The identities shown, in order. */
  ids() {
    return Array.from(this.#engine.output(this.#run(LIVE_OPERATION.identities)));
  }

  /** Frees the list in the module. */
  destroy() {
    if (this.#handle !== 0) this.#engine.exports.lots_live_destroy(this.#handle);
    this.#handle = 0;
  }
}

function writeItem(values, at, item) {
  values[at] = item.id;
  values[at + 1] = item.key[0];
  values[at + 2] = item.key[1];
  values[at + 3] = item.author ?? 0;
  values[at + 4] = item.version ?? 0;
}
