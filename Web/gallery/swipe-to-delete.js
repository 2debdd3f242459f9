// The Stack's swipe-to-delete. While a card is dragged sideways the engine gives its attributes
// (`dragged`: the card follows the finger and fades); on release the engine decides from the
// distance and the velocity (`swipeDeletes`); a deleted card flies out and the deletion is an
// animated batch update, otherwise the card springs back to its place.
import {
  VelocityTracker, applyAttributes, forgetAttributes, indexPathOf, rowOf,
} from "../toolkit/index.js";

export class SwipeToDelete {
  /** Whether dragging a card sideways swipes it (the gallery turns it on for the stack). */
  enabled = false;
  #view;
  #remove;
  /** The swipe under way: its cell, pointer, start x, distance and velocity; or null. */
  #swipe = null;

  /** `remove(changeset, sections)` applies the deletion (and returns a promise). */
  constructor(view, remove) {
    this.#view = view;
    this.#remove = remove;
    const content = view.content;
    // Capture phase: a swipe must not also start the view's drag-to-scroll.
    content.addEventListener("pointerdown", (e) => this.#down(e), { capture: true });
    content.addEventListener("pointermove", (e) => this.#move(e));
    content.addEventListener("pointerup", (e) => this.#up(e));
    content.addEventListener("pointercancel", (e) => this.#up(e, true));
  }

  #down(event) {
    if (!this.enabled || event.button !== 0) return;
    const cell = event.target.closest(".cv-cell");
    if (!cell || indexPathOf(cell)?.kind !== "cell") return;
    event.stopPropagation();
    cell.setPointerCapture(event.pointerId);
    const tracker = new VelocityTracker();
    tracker.add(event.clientX, 0, event.timeStamp);
    this.#swipe = { cell, id: event.pointerId, x: event.clientX, dx: 0, tracker };
  }

  #move(event) {
    const swipe = this.#swipe;
    if (!swipe || event.pointerId !== swipe.id) return;
    swipe.dx = event.clientX - swipe.x;
    swipe.tracker.add(event.clientX, 0, event.timeStamp);
    const { layout, bounds } = this.#view;
    const dragged = layout.dragged(indexPathOf(swipe.cell).item, swipe.dx, bounds);
    if (dragged) applyAttributes(swipe.cell, rowOf(dragged), 0);
  }

  async #up(event, cancelled = false) {
    const swipe = this.#swipe;
    if (!swipe || event.pointerId !== swipe.id) return;
    this.#swipe = null;
    const { cell, dx } = swipe;
    const velocity = swipe.tracker.velocity(event.timeStamp).x;
    const view = this.#view;
    if (cancelled || !view.layout.swipeDeletes(dx, velocity)) {
      const from = cell.style.transform;
      forgetAttributes(cell);
      view.render();
      cell.animate([{ transform: from }, { transform: cell.style.transform || "none" }],
        { duration: 250, easing: "ease-out" });
      return;
    }
    const out = `translateX(${Math.sign(dx || velocity) * view.bounds.width}px)`;
    await cell.animate([{ transform: cell.style.transform || "none" },
      { transform: `${out} ${cell.style.transform}`, opacity: 0 }],
    { duration: 200, easing: "ease-in", fill: "forwards" }).finished;
    cell.getAnimations().forEach((a) => a.cancel());
    const { section, item } = indexPathOf(cell);
    const sections = view.sections.map((s, i) =>
      i === section ? { ...s, items: s.items.filter((_, j) => j !== item) } : s);
    await this.#remove({ deletes: [{ section, item }] }, sections);
  }
}
