// An interactive movement of one item of an engine layout (drag and drop or the keyboard):
// while it lasts, the layout's own queries (`query`, `attributes`, `element`) answer with the
// other items reflowed around the item at its target, in the reflowed order (the target's
// index path shows the carried item). The engine's rule for the pointer and the arrow keys is
// `ItemMovement`'s (docs/web.md); a prepare, insert, delete or resize of the layout ends it.

import { MOVEMENT_DIRECTION } from "./abi.js";

/** One movement; begun by `EngineLayout.beginMovement`. */
export class EngineMovement {
  #layout;
  #active = true;
  /** Where the item was picked up: {section, item}. */
  origin;
  /** Where it would land now: {section, item}. */
  target;

  /** @param {import("./engine-layout.js").EngineLayout} layout */
  constructor(layout, section, item) {
    this.#layout = layout;
    this.origin = { section, item };
    this.target = { section, item };
  }

  /** Whether the movement is under way (not ended, cancelled or ended by a layout change). */
  get active() { return this.#active; }

  /**
   * Follows the pointer, in content coordinates; returns the target {section, item}, or null
   * when the movement is over.
   */
  update(point) {
    return this.#took(this.#layout.exports.lots_movement_update(this.#layout.handle, point.x, point.y));
  }

  /** One arrow-key step ("left", "right", "up" or "down"); returns the target, or null. */
  step(direction) {
    const code = MOVEMENT_DIRECTION[direction];
    if (code === undefined) throw new TypeError(`step: unknown direction ${direction}`);
    return this.#took(this.#layout.exports.lots_movement_step(this.#layout.handle, code));
  }

  /** Drops the item at the target; returns the move {from, to} (index paths), or null. */
  end() {
    return this.#finish(0) ? { from: { ...this.origin }, to: { ...this.target } } : null;
  }

  /** Puts the item back where it was: the layout is as before the movement. */
  cancel() {
    if (this.#finish(1)) this.target = { ...this.origin };
  }

  #took(item) {
    if (item < 0) {
      this.#active = false;
      return null;
    }
    this.target = { section: this.origin.section, item };
    return this.target;
  }

  #finish(cancel) {
    if (!this.#active) return false;
    this.#active = false;
    const item = this.#layout.exports.lots_movement_end(this.#layout.handle, cancel);
    if (item >= 0) this.target = { section: this.origin.section, item };
    return item >= 0;
  }
}
