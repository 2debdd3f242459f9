// Snapping at the end of a gesture. A drag (pointer or touch) or a burst of wheel events ends;
// the velocity measured over its last ~100 ms and the current offset go to the
// engine's `targetContentOffset`; when the engine moves the target (a snapping layout), the
// view scrolls there smoothly. Layouts that do not snap return the proposal and nothing happens.
//
// With the view's `dragScroll`, mouse drags scroll the content too (desktop has no touch
// fling), which is also how the browser tests flick a carousel.
import { VelocityTracker } from "./velocity.js";

const WHEEL_END_MS = 120;
const CLICK_SLOP = 5;

export class ScrollSnapping {
  /** @type {import("./host.js").CollectionViewHost} */
  #view;
  #tracker = new VelocityTracker();
  #wheelTimer = 0;
  /** The mouse drag under way: pointer id, start point and start offset; or null. */
  #drag = null;
  /** Whether the last mouse press became a drag (then its click selects nothing). */
  #dragged = false;
  #listeners;

  /** @param {import("./host.js").CollectionViewHost} view */
  constructor(view) {
    this.#view = view;
    const s = view.scroller;
    this.#listeners = [
      [s, "scroll", () => this.#tracker.add(s.scrollLeft, s.scrollTop)],
      [s, "wheel", () => this.#wheel()],
      [s, "touchend", () => this.#gestureEnded()],
      [s, "scrollend", () => this.#recentre()],
      [s, "pointerdown", (e) => this.#pointerDown(e)],
      [s, "pointermove", (e) => this.#pointerMove(e)],
      [s, "pointerup", (e) => this.#pointerUp(e)],
      [s, "pointercancel", (e) => this.#pointerUp(e)],
    ];
    for (const [target, type, listener] of this.#listeners) {
      target.addEventListener(type, listener, { passive: true });
    }
  }

  #wheel() {
    clearTimeout(this.#wheelTimer);
    this.#wheelTimer = setTimeout(() => this.#gestureEnded(), WHEEL_END_MS);
  }

  #pointerDown(event) {
    if (!this.#view.dragScroll || event.pointerType !== "mouse" || event.button !== 0) return;
    const s = this.#view.scroller;
    this.#drag = { id: event.pointerId, x: event.clientX, y: event.clientY,
      left: s.scrollLeft, top: s.scrollTop };
    this.#dragged = false;
    this.#tracker.reset();
    this.#tracker.add(s.scrollLeft, s.scrollTop, event.timeStamp);
  }

  #pointerMove(event) {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!this.#dragged && Math.hypot(dx, dy) < CLICK_SLOP) return;
    if (!this.#dragged) this.#view.scroller.setPointerCapture(drag.id);
    this.#dragged = true;
    const s = this.#view.scroller;
    s.scrollLeft = drag.left - dx;
    s.scrollTop = drag.top - dy;
    this.#tracker.add(s.scrollLeft, s.scrollTop, event.timeStamp);
  }

  #pointerUp(event) {
    if (!this.#drag || event.pointerId !== this.#drag.id) return;
    this.#drag = null;
    if (this.#dragged) this.#gestureEnded(event.timeStamp);
    else this.#recentre();
  }

  /** True once after a drag, so that releasing a drag over a cell does not select it. */
  suppressesClick() {
    const dragged = this.#dragged;
    this.#dragged = false;
    return dragged;
  }

  #gestureEnded(now = performance.now()) {
    const view = this.#view;
    if (!view.layout) return;
    const offset = { x: view.bounds.x, y: view.bounds.y };
    const velocity = this.#tracker.velocity(now);
    // The engine projects the deceleration itself (its decelerationRate, UIKit's 0.998), so it
    // gets the current offset as the proposal.
    const target = view.layout.targetContentOffset(offset, velocity);
    if (Math.abs(target.x - offset.x) < 0.5 && Math.abs(target.y - offset.y) < 0.5) return;
    view.dispatchEvent(new CustomEvent("snap", { detail: { velocity, offset, target } }));
    view.scrollTo(target, true);
  }

  /**
   * Infinite layouts: once a scroll has ended, jump to the same position in the middle cycle
   * (`recentredOffset`), before the next frame is drawn, so nobody sees it. Never during a
   * gesture or a smooth scroll: setting the offset would cancel them, and the content is long
   * enough (16 viewports or more) that no gesture reaches its end.
   */
  #recentre() {
    const layout = this.#view.layout;
    if (this.#drag || typeof layout?.recentredOffset !== "function") return;
    const s = this.#view.scroller;
    const next = layout.recentredOffset({ x: s.scrollLeft, y: s.scrollTop });
    if (Math.abs(next.x - s.scrollLeft) < 0.5 && Math.abs(next.y - s.scrollTop) < 0.5) return;
    s.scrollLeft = next.x;
    s.scrollTop = next.y;
    this.#tracker.reset();
    this.#view.render();
  }

  destroy() {
    clearTimeout(this.#wheelTimer);
    for (const [target, type, listener] of this.#listeners) {
      target.removeEventListener(type, listener);
    }
  }
}
