// Drag-and-drop reordering for a CollectionView of a vertical layout (waterfall, grid, mosaic),
// by pointer (mouse, pen, touch: Pointer Events) and by keyboard, with the engine doing the
// reflow (`EngineLayout.beginMovement`): the view keeps querying its layout every frame and
// the other cells slide to the frames the engine gives; the carried cell follows the pointer.
//
// Pointer: a press that moves more than `threshold` pixels picks the item up (a touch must
// first rest `holdDelay` ms, so that a swipe still scrolls); taps and clicks stay clicks. Near
// the top or bottom edge the view scrolls. Keyboard: Space on a focused cell picks it up,
// arrows move it (left/right one place, up/down to the item shown above/below), Space or Enter
// drops, Escape cancels. Each step is announced in a polite live region. On a drop the view
// animates the move as a batch update and `onMove({from, to, sections})` may persist it;
// returning false (or rejecting) reverts it.

import { indexPathOf } from "./cell-state.js";
import { flatIndex, itemCount } from "./index-path.js";
import {
  DEFAULT_MESSAGES, autoScrollSpeed, beyondThreshold, mapRows, reorderedSections, withCarriedRow,
} from "./reorder.js";

const KEYS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
const CONTROLS = "button, a, input, textarea, select, label";
const STYLE = ".cv-reordering > .cv-cell:not(.cv-carried) { transition: left .2s ease, " +
  "top .2s ease, width .2s ease, height .2s ease }\n" +
  ".cv-reordering { user-select: none; -webkit-user-select: none }\n" +
  ".cv-carried { cursor: grabbing; box-shadow: 0 10px 28px rgb(0 0 0 / 0.35) }\n" +
  "@media (prefers-reduced-motion: reduce) { .cv-reordering > .cv-cell { transition: none } }";

/**
 * @typedef {{section: number, item: number}} Path
 * @typedef {object} ReorderOptions
 * @property {(move: {from: Path, to: Path, sections: object[]}) => (boolean|void|Promise<boolean|void>)} [onMove]
 *   persists a drop; false or a rejection reverts it
 * @property {Partial<typeof DEFAULT_MESSAGES>} [messages]  the page's wording of each announcement
 * @property {number} [threshold]  pixels a press moves before it is a drag (6)
 * @property {number} [holdDelay]  ms a touch rests before it can drag (350)
 */

export class DragReorder {
  #view;
  #enabled = false;
  #options;
  #messages;
  #live;
  #listeners = new AbortController();
  /** A press that may become a drag: {pointerId, start, path, touch, ready, timer}. */
  #press = null;
  /** @type {import("./engine-movement.js").EngineMovement|null} */
  #movement = null;
  #mode = null;
  /** The pointer in client coordinates, and where it holds the carried cell (content offset). */
  #pointer = null;
  #grab = { x: 0, y: 0 };
  #scrollFrame = 0;
  #suppressClick = false;

  /**
   * @param {import("./collection-view.js").CollectionView} view
   * @param {ReorderOptions} options
   */
  constructor(view, options = {}) {
    this.#view = view;
    this.#options = { threshold: 6, holdDelay: 350, ...options };
    this.#messages = { ...DEFAULT_MESSAGES, ...options.messages };
    this.#live = Object.assign(document.createElement("div"), { className: "cv-live" });
    this.#live.setAttribute("role", "status");
    this.#live.setAttribute("aria-live", "polite");
    this.#live.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;" +
      "clip-path:inset(50%);white-space:nowrap";
    view.scroller.after(this.#live);
    installStyle();
    const signal = this.#listeners.signal;
    const content = view.content;
    content.addEventListener("pointerdown", (e) => this.#pointerDown(e), { signal });
    content.addEventListener("pointermove", (e) => this.#pointerMove(e), { signal });
    content.addEventListener("pointerup", (e) => this.#pointerUp(e), { signal });
    content.addEventListener("pointercancel", () => this.#pointerCancel(), { signal });
    content.addEventListener("touchmove", (e) => { if (this.#mode === "pointer") e.preventDefault(); },
      { signal, passive: false });
    content.addEventListener("dragstart", (e) => { if (this.#enabled) e.preventDefault(); }, { signal });
    content.addEventListener("click", (e) => this.#click(e), { signal, capture: true });
    window.addEventListener("keydown", (e) => this.#keydown(e), { signal, capture: true });
  }

  /** Whether cells can be picked up; turning it off cancels a movement under way. */
  get enabled() { return this.#enabled; }
  set enabled(value) {
    this.#enabled = Boolean(value);
    if (!this.#enabled) {
      this.#clearPress();
      if (this.#movement) this.#cancel();
    }
  }

  /** Whether an item is being carried. */
  get moving() { return this.#movement !== null; }

  /** Stops listening and removes the live region. */
  destroy() {
    this.enabled = false;
    this.#listeners.abort();
    this.#live.remove();
  }

  // Pointer

  #pointerDown(event) {
    if (!this.#enabled || this.#movement || !event.isPrimary || event.button !== 0) return;
    if (event.target.closest(CONTROLS)) return;
    const cell = event.target.closest(".cv-cell");
    const path = cell && indexPathOf(cell);
    if (path?.kind !== "cell" || !this.#view.layout?.beginMovement) return;
    const touch = event.pointerType === "touch";
    const press = { pointerId: event.pointerId, start: point(event), path, touch, ready: !touch };
    if (touch) press.timer = setTimeout(() => this.#beginPointer(press), this.#options.holdDelay);
    this.#press = press;
    this.#pointer = press.start;
  }

  #pointerMove(event) {
    const press = this.#press;
    if (this.#mode === "pointer" && event.pointerId === press?.pointerId) {
      this.#pointer = point(event);
      this.#follow();
    } else if (press && event.pointerId === press.pointerId) {
      this.#pointer = point(event);
      if (!beyondThreshold(press.start, this.#pointer, this.#options.threshold)) return;
      // A touch that moves before its hold ends is a scroll.
      if (press.ready) this.#beginPointer(press);
      else this.#clearPress();
    }
  }

  #pointerUp(event) {
    if (this.#mode === "pointer" && event.pointerId === this.#press?.pointerId) {
      this.#suppressClick = true;
      this.#drop();
    }
    this.#clearPress();
  }

  #pointerCancel() {
    if (this.#mode === "pointer") this.#cancel();
    this.#clearPress();
  }

  #click(event) {
    if (!this.#suppressClick) return;
    this.#suppressClick = false;
    event.stopPropagation();
    event.preventDefault();
  }

  #clearPress() {
    clearTimeout(this.#press?.timer);
    if (this.#mode !== "pointer") this.#press = null;
  }

  #beginPointer(press) {
    if (this.#press !== press || this.#movement) return;
    if (!this.#begin(press.path, "pointer")) return;
    this.#view.content.setPointerCapture?.(press.pointerId);
    const element = this.#view.layout.element("cell", press.path.section, press.path.item);
    const at = this.#contentPoint(press.start);
    this.#grab = { x: at.x - element.frame.x, y: at.y - element.frame.y };
    this.#autoScroll();
    this.#follow();
  }

  /** Moves the target with the pointer and draws the frame. */
  #follow() {
    const before = this.#movement.target.item;
    const target = this.#movement.update(this.#contentPoint(this.#pointer));
    if (!target) return this.#abandon();
    if (target.item !== before) this.#announceMove();
    this.#view.render();
  }

  /** Scrolls while the pointer is near the top or bottom edge, following it each frame. */
  #autoScroll() {
    this.#scrollFrame = requestAnimationFrame(() => {
      if (this.#mode !== "pointer") return;
      const scroller = this.#view.scroller;
      const rect = scroller.getBoundingClientRect();
      const speed = autoScrollSpeed(this.#pointer.y, rect.top, rect.height);
      if (speed !== 0) {
        const before = scroller.scrollTop;
        scroller.scrollTop += speed;
        if (scroller.scrollTop !== before) this.#follow();
      }
      this.#autoScroll();
    });
  }

  #contentPoint({ x, y }) {
    const scroller = this.#view.scroller;
    const rect = scroller.getBoundingClientRect();
    return { x: x - rect.left - scroller.clientLeft + scroller.scrollLeft,
      y: y - rect.top - scroller.clientTop + scroller.scrollTop };
  }

  // Keyboard

  #keydown(event) {
    if (!this.#enabled) return;
    if (!this.#movement) {
      const cell = event.target.closest?.(".cv-cell");
      const path = cell && this.#view.content.contains(cell) && indexPathOf(cell);
      if (event.key !== " " || event.target !== cell || path?.kind !== "cell") return;
      if (this.#begin(path, "keyboard")) this.#view.render();
    } else if (event.key === "Escape") {
      this.#cancel();
    } else if (this.#mode !== "keyboard") {
      return;
    } else if (event.key in KEYS) {
      const before = this.#movement.target.item;
      const target = this.#movement.step(KEYS[event.key]);
      if (!target) return this.#abandon();
      this.#reveal(target);
      if (target.item !== before) this.#announceMove();
    } else if (event.key === " " || event.key === "Enter") {
      this.#drop();
    } else if (event.key === "Tab") {
      return this.#cancel();
    } else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  /** Scrolls the target's placeholder into view and keeps the focus on the carried cell. */
  #reveal(target) {
    const view = this.#view;
    const frame = view.layout.element("cell", target.section, target.item)?.frame;
    const bounds = view.bounds;
    if (frame && frame.y < bounds.y) view.scroller.scrollTop = frame.y;
    else if (frame && frame.y + frame.height > bounds.y + bounds.height) {
      view.scroller.scrollTop = Math.min(frame.y, frame.y + frame.height - bounds.height);
    }
    view.render();
    this.#carriedCell()?.focus({ preventScroll: true });
  }

  // The movement

  #begin(path, mode) {
    try {
      this.#movement = this.#view.layout.beginMovement(path,
        { hysteresis: mode === "pointer" ? 8 : 0 });
    } catch {
      return false;
    }
    this.#mode = mode;
    this.#view.rowMapper = (rows, count) => this.#mapRows(rows, count);
    this.#view.content.classList.add("cv-reordering");
    this.#carriedCell()?.classList.add("cv-carried");
    this.#announce(this.#messages.pickedUp(this.#position(path), itemCount(this.#view.sections)));
    return true;
  }

  #mapRows(rows, count) {
    const { origin, target } = this.#movement;
    const lift = this.#mode === "pointer" ? this.#liftPoint() : null;
    const found = mapRows(rows, count,
      { section: origin.section, origin: origin.item, target: target.item, lift });
    if (found || !lift) return { rows, count };
    // Carried far from its placeholder: drawn under the pointer all the same.
    const element = this.#view.layout.element("cell", target.section, target.item);
    if (!element) return { rows, count };
    return { rows: withCarriedRow(rows, count, element, origin.item, lift), count: count + 1 };
  }

  #liftPoint() {
    const at = this.#contentPoint(this.#pointer);
    return { x: at.x - this.#grab.x, y: at.y - this.#grab.y };
  }

  async #drop() {
    const movement = this.#movement;
    const view = this.#view;
    const from = { ...movement.origin };
    const to = { ...movement.target };
    const carried = this.#carriedCell();
    const shown = carried?.getBoundingClientRect();
    // The engine goes back to the data's order: the batch update below applies the move to
    // the layout and the data together, and animates what is left to animate.
    movement.cancel();
    this.#finish();
    this.#announce(this.#messages.dropped(this.#position(to)));
    if (from.item === to.item) {
      view.render();
      settle(carried, shown);
      return;
    }
    const previous = view.sections;
    const sections = reorderedSections(previous, from, to);
    const update = view.performBatchUpdates({ moves: [{ from, to }] }, sections);
    settle(carried, shown);
    view.setFocused(to, "keyboard");
    let accepted;
    try {
      accepted = (await this.#options.onMove?.({ from, to, sections })) !== false;
    } catch {
      accepted = false;
    }
    await update;
    if (accepted) return;
    await view.performBatchUpdates({ moves: [{ from: to, to: from }] }, previous);
    this.#announce(this.#messages.reverted());
  }

  #cancel() {
    const carried = this.#carriedCell();
    const shown = carried?.getBoundingClientRect();
    this.#movement.cancel();
    this.#finish();
    this.#announce(this.#messages.cancelled());
    this.#view.render();
    settle(carried, shown);
  }

  /** The layout changed under the movement (a live update): it is over, where it was. */
  #abandon() {
    this.#finish();
    this.#view.render();
  }

  #finish() {
    this.#carriedCell()?.classList.remove("cv-carried");
    this.#view.content.classList.remove("cv-reordering");
    this.#view.rowMapper = null;
    cancelAnimationFrame(this.#scrollFrame);
    this.#movement = null;
    this.#mode = null;
    this.#press = null;
  }

  #carriedCell() {
    const origin = this.#movement?.origin;
    return origin ? this.#view.cellFor(origin.section, origin.item) : null;
  }

  #position(path) {
    return flatIndex(this.#view.sections, path) + 1;
  }

  #announceMove() {
    const count = itemCount(this.#view.sections);
    this.#announce(this.#messages.moved(this.#position(this.#movement.target), count));
  }

  #announce(text) {
    this.#live.textContent = text;
  }
}

const point = (event) => ({ x: event.clientX, y: event.clientY });

/** Slides a cell from where it was shown (a client rect) to where it is now. */
function settle(cell, shown) {
  if (!cell || !shown || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const now = cell.getBoundingClientRect();
  const dx = shown.left - now.left;
  const dy = shown.top - now.top;
  if (dx === 0 && dy === 0) return;
  cell.animate([{ translate: `${dx}px ${dy}px` }, { translate: "0 0" }],
    { duration: 200, easing: "ease-out" });
}

let styled = false;
/** The reflow's transitions and the carried cell's look, as a constructed style sheet: a page
 * under a Content-Security-Policy without 'unsafe-inline' styles (the app's) refuses a
 * `<style>` element, not the CSSOM. */
function installStyle() {
  if (styled) return;
  styled = true;
  if ("adoptedStyleSheets" in document && typeof CSSStyleSheet.prototype.replaceSync === "function") {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement("style");
  style.textContent = STYLE;
  document.head.append(style);
}
