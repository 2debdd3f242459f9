// The state of the Post form's restaurant type-ahead, apart from the DOM: the options shown
// (the server's suggestions, then "Add … as a new restaurant"), which one is active, whether
// the list is open, and what a key does to them (the ARIA 1.2 combobox pattern: Down and Up
// open the list and move through it, wrapping; Enter picks the active option; Escape closes).
// Also the query a text asks (none for a blank one or one the server would refuse), a
// debounce, and a guard that keeps only the latest answer. Pure: tested in node.
import { newPlaceText, suggestionText } from "./place-text.js";

/** The longest query the server answers (`q` of /api/restaurants), in characters. */
export const QUERY_LIMIT = 100;

/**
 * A restaurant as the server suggests it.
 * @typedef {{id: number, name: string, area: string, postCount: number}} Restaurant
 * An option of the list: an existing restaurant, or the typed name as a new one.
 * @typedef {{kind: "place", text: string, restaurant: Restaurant} |
 *   {kind: "new", text: string, name: string}} Option
 */

/** The query `typed` asks (trimmed), or null: blank, or longer than the server answers. */
export function queryFor(typed) {
  const text = String(typed ?? "").trim();
  return text && [...text].length <= QUERY_LIMIT ? text : null;
}

/**
 * The options for `typed` given the server's `restaurants`: each of them, then the typed name
 * as a new restaurant; none when nothing matched (a new name is simply typed).
 * @returns {Option[]}
 */
export function optionsFor(typed, restaurants) {
  const name = String(typed ?? "").trim();
  if (!name || !restaurants?.length) return [];
  return [...restaurants.map((restaurant) => ({ kind: "place", text: suggestionText(restaurant),
    restaurant })), { kind: "new", text: newPlaceText(name), name }];
}

export class ComboboxState {
  /** @type {Option[]} */
  options = [];
  /** The active option's index, or -1. */
  active = -1;
  /** Whether the list shows. */
  open = false;

  /** Shows `options`, none active; the list opens when there are any. */
  show(options) {
    this.options = options;
    this.active = -1;
    this.open = options.length > 0;
  }

  /** Closes the list; its options stay for Down to open it again. */
  close() {
    this.open = false;
    this.active = -1;
  }

  /** Forgets the options (the text was emptied, or an option picked). */
  clear() {
    this.options = [];
    this.close();
  }

  /** The active option, or null. */
  get activeOption() {
    return this.open ? this.options[this.active] ?? null : null;
  }

  /**
   * What `key` does: "opened", "moved", "picked" (the active option: `activeOption`),
   * "closed", or null when the key is not the combobox's (the input's own, or the form's:
   * Enter with no option active submits).
   */
  key(key, { altKey = false } = {}) {
    const count = this.options.length;
    switch (key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (!count) return null;
        const down = key === "ArrowDown";
        if (!this.open) {
          this.open = true;
          // Alt+Down opens the list without moving into it.
          this.active = altKey ? -1 : down ? 0 : count - 1;
          return "opened";
        }
        if (altKey && !down) {
          return this.active >= 0 ? "picked" : (this.close(), "closed");
        }
        this.active = down ? (this.active + 1) % count
          : this.active <= 0 ? count - 1 : this.active - 1;
        return "moved";
      }
      case "Enter":
        if (this.activeOption) return "picked";
        this.close();
        return null;
      case "Escape":
        if (!this.open) return null;
        this.close();
        return "closed";
      default:
        return null;
    }
  }
}

/**
 * `fn` called `wait` ms after the last of a burst of calls, with that call's arguments;
 * `.cancel()` drops a pending call. `clock` ({setTimeout, clearTimeout}) for tests.
 */
export function debounce(fn, wait, clock = globalThis) {
  let timer = 0;
  const call = (...args) => {
    clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = 0;
      fn(...args);
    }, wait);
  };
  call.cancel = () => {
    clock.clearTimeout(timer);
    timer = 0;
  };
  return call;
}

/** Numbers requests so that only the latest one's answer is used: `next()` gives a ticket,
 * `isLatest(ticket)` says whether no later one was asked since. */
export class Latest {
  #count = 0;

  next() {
    this.#count += 1;
    return this.#count;
  }

  isLatest(ticket) {
    return ticket === this.#count;
  }
}
