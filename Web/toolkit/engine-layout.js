// One layout living in the wasm module, behind the `lots-engine layout` spec's names.

import { ROW } from "./abi.js";
import { itemCount } from "./engine-staging.js";
import { EngineMovement } from "./engine-movement.js";
import { decode, kindCode } from "./row.js";

/** One layout living in the module. Call `destroy()` when done with it. */
export class EngineLayout {
  constructor(engine, handle, options) {
    this.engine = engine;
    this.exports = engine.exports;
    this.handle = handle;
    this.options = options;
  }

  check(status, what) {
    if (status < 0) throw new Error(`${what} rejected by the engine`);
    return status;
  }

  /**
   * Lays out a context: {viewport: {width, height}, sections: [{items: [{width, height,
   * fullSpan}], headerHeight, footerHeight}], contentInsets, displayScale, direction}.
   */
  prepare(context) {
    const { width, height } = context?.viewport ?? {};
    if (typeof width !== "number" || typeof height !== "number") {
      throw new TypeError("prepare: context.viewport must be {width: number, height: number}");
    }
    const sections = context.sections ?? [];
    sections.forEach((section, i) => {
      if (section.sizes ? section.sizes.length % 3 !== 0 : !Array.isArray(section.items)) {
        throw new TypeError(
          `prepare: sections[${i}] needs items [{width, height}] or sizes of (width, height, flags) triples`);
      }
    });
    this.engine.stageItems(sections);
    const values = new Float64Array(9 + 3 * sections.length);
    values.set([
      context.viewport.width, context.viewport.height, ...insetValues(context.contentInsets),
      context.displayScale ?? 1, context.direction === "rtl" ? 1 : 0, sections.length,
    ]);
    let at = 9;
    for (const section of sections) {
      values[at++] = itemCount(section);
      values[at++] = section.headerHeight ?? NaN;
      values[at++] = section.footerHeight ?? NaN;
    }
    this.check(this.exports.lots_layout_prepare(this.handle, this.engine.input(values)), "prepare");
    return this;
  }

  /**
   * Inserts items into a section before `index` (the section's count appends a page): item
   * objects [{width, height, fullSpan}], or a Float64Array of (width, height, flags) triples
   * as in `prepare`, copied as it is.
   */
  insertItems(section, index, items) {
    const packed = items instanceof Float64Array;
    if (packed && items.length % 3 !== 0) {
      throw new TypeError("insertItems: sizes must be (width, height, flags) triples");
    }
    const count = this.engine.stageItems([packed ? { sizes: items } : { items }]);
    this.check(this.exports.lots_layout_insert_items(this.handle, section, index, count), "insert");
  }

  /** Deletes `count` items of a section from `index` on. */
  deleteItems(section, index, count) {
    this.check(this.exports.lots_layout_delete_items(this.handle, section, index, count), "delete");
  }

  /** Changes the viewport size. */
  resize(width, height) {
    this.check(this.exports.lots_layout_resize(this.handle, width, height), "resize");
  }

  /** The content size {width, height}. */
  get contentSize() {
    this.check(this.exports.lots_layout_content_size(this.handle), "content size");
    const [width, height] = this.engine.output(2);
    return { width, height };
  }

  /**
   * The elements intersecting a rect at a content offset, as a Float64Array view of `count`
   * rows of `ROW.stride` values, named by `ROW` (abi.js). The fast path for scrolling:
   * valid until the next engine call.
   * @returns {import("./row.js").Query}
   */
  query(rect, offset = { x: rect.x, y: rect.y }) {
    const count = this.check(
      this.exports.lots_layout_query(
        this.handle, rect.x, rect.y, rect.width, rect.height, offset.x, offset.y),
      "query");
    return { count, data: this.engine.output(count * ROW.stride) };
  }

  /**
   * The same elements as objects shaped like `lots-engine layout` output.
   * @returns {import("./row.js").Element[]}
   */
  attributes(rect, offset) {
    const { count, data } = this.query(rect, offset);
    const result = [];
    for (let i = 0; i < count; i++) result.push(decode(data, i * ROW.stride));
    return result;
  }

  /** One element ("cell", "header" or "footer") as an object, or null. */
  element(kind, section, item, offset = { x: 0, y: 0 }) {
    const found = this.check(
      this.exports.lots_layout_element(
        this.handle, kindCode(kind), section, item, offset.x, offset.y),
      "element");
    return found ? decode(this.engine.output(ROW.stride), 0) : null;
  }

  /** Where scrolling should rest for a proposed offset and a velocity (points per second). */
  targetContentOffset(proposed, velocity) {
    this.check(
      this.exports.lots_layout_target_offset(
        this.handle, proposed.x, proposed.y, velocity.x, velocity.y),
      "target offset");
    const [x, y] = this.engine.output(2);
    return { x, y };
  }

  /** The focused item's index at an offset (nearest the viewport's centre), or -1. */
  focusedItem(offset) {
    return this.check(this.exports.lots_layout_focused_item(this.handle, offset.x, offset.y) + 1,
      "focused item") - 1;
  }

  /** The offset that centres `item` (its appearance nearest `near` in an infinite row). */
  focusOffset(item, near = { x: 0, y: 0 }) {
    this.check(this.exports.lots_layout_focus_offset(this.handle, item, near.x, near.y), "focus");
    return this.point();
  }

  /** Resizes the viewport; returns the offset that keeps the focused item focused. */
  resizeKeepingFocus(width, height, offset) {
    this.check(
      this.exports.lots_layout_resize_keeping_focus(this.handle, width, height, offset.x, offset.y),
      "resize");
    return this.point();
  }

  /** Where an infinite row starts (its middle cycle); (0, 0) for other layouts. */
  get initialOffset() {
    this.check(this.exports.lots_layout_initial_offset(this.handle), "initial offset");
    return this.point();
  }

  /** The same position in the middle cycle, for an invisible re-centring jump. */
  recentredOffset(offset) {
    this.check(this.exports.lots_layout_recentred_offset(this.handle, offset.x, offset.y), "recentre");
    return this.point();
  }

  /** Stack: the attributes of an item dragged horizontally by `dx`, or null. */
  dragged(item, dx, offset) {
    const found = this.check(
      this.exports.lots_stack_dragged(this.handle, item, dx, offset.x, offset.y), "drag");
    return found ? decode(this.engine.output(ROW.stride), 0) : null;
  }

  /** Stack: whether a swipe released after `dx` at `velocity` (points/s) deletes the item. */
  swipeDeletes(dx, velocity) {
    return this.check(this.exports.lots_stack_swipe_deletes(this.handle, dx, velocity), "swipe") === 1;
  }

  /**
   * Begins moving an item (engine-movement.js); until it ends, this layout's queries show the
   * reflow. `hysteresis`: how far (points) the pointer travels between two target changes.
   * @returns {EngineMovement}
   */
  beginMovement({ section, item }, { hysteresis = 8 } = {}) {
    this.check(this.exports.lots_movement_begin(this.handle, section, item, hysteresis),
      "movement of a missing item");
    return new EngineMovement(this, section, item);
  }

  point() {
    const [x, y] = this.engine.output(2);
    return { x, y };
  }

  destroy() {
    this.exports.lots_layout_destroy(this.handle);
    this.handle = 0;
  }
}

const insetValues = (value = {}) =>
  [value.top ?? 0, value.left ?? 0, value.bottom ?? 0, value.right ?? 0];
