// Recycled DOM cells keyed by reuse identifier: the `dequeueReusableCell` idea. The DOM only
// ever holds as many cells as were visible at once (plus the prefetch margin), whatever the
// item count, because a cell leaving the visible rect is parked here before a new one is made.

import { forgetAttributes } from "./cell-style.js";

/** The reuse identifier each cell was created for, beside the node rather than on it. */
const identifiers = new WeakMap();

/** Parked cells per reuse identifier; parked cells stay in the DOM, hidden. */
export class ReusePool {
  #parent;
  #create;
  /** @type {Map<string, HTMLElement[]>} */
  #parked = new Map();

  /** `create(identifier)` makes a new cell element when no parked one fits. */
  constructor(parent, create) {
    this.#parent = parent;
    this.#create = create;
  }

  /** A cell for `identifier`: a parked one if any, otherwise a new one appended to the parent. */
  dequeue(identifier) {
    const cell = this.#parked.get(identifier)?.pop();
    if (cell) {
      cell.hidden = false;
      cell.style.removeProperty("display");
      return cell;
    }
    const created = this.#create(identifier);
    identifiers.set(created, identifier);
    this.#parent.append(created);
    return created;
  }

  /** Parks a cell: hidden (out of layout and the accessibility tree) until dequeued again. */
  enqueue(cell) {
    // A slide or fade of the item it showed must not play on the next one.
    for (const animation of cell.getAnimations?.() ?? []) animation.cancel();
    cell.hidden = true;
    // `hidden` alone loses to any page CSS that gives cells a display (`.tile {display: flex}`
    // left parked cells painted at their old places); an important inline style cannot lose.
    cell.style.setProperty("display", "none", "important");
    // Not a tab stop while parked (the roving tab stop is among the cells in view).
    cell.setAttribute("tabindex", "-1");
    // Forget the applied attributes: a reused cell must be restyled in full.
    forgetAttributes(cell);
    const identifier = identifiers.get(cell);
    let list = this.#parked.get(identifier);
    if (!list) this.#parked.set(identifier, (list = []));
    list.push(cell);
  }

  /** Parked cells across identifiers. */
  get parkedCount() {
    let count = 0;
    for (const list of this.#parked.values()) count += list.length;
    return count;
  }

  /** Removes parked cells from the DOM until at most `limit` remain. */
  trim(limit) {
    let excess = this.parkedCount - Math.max(0, limit);
    for (const list of this.#parked.values()) {
      while (excess > 0 && list.length > 0) {
        list.pop().remove();
        excess--;
      }
    }
  }
}
