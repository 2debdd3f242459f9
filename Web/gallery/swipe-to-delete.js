// The Stack's swipe-to-delete: drag a card sideways past a third of its width and it flies out
// and is deleted with an animated batch update; a shorter drag springs back.

const THRESHOLD = 1 / 3;

export class SwipeToDelete {
  /** `remove(changeset, sections)` applies the deletion (and returns a promise). */
  constructor(view, remove) {
    this.view = view;
    this.remove = remove;
    this.enabled = false;
    this.swipe = null;
    const content = view.content;
    // Capture phase: a swipe must not also start the view's drag-to-scroll.
    content.addEventListener("pointerdown", (e) => this.down(e), { capture: true });
    content.addEventListener("pointermove", (e) => this.move(e));
    content.addEventListener("pointerup", (e) => this.up(e));
    content.addEventListener("pointercancel", (e) => this.up(e, true));
  }

  down(event) {
    if (!this.enabled || event.button !== 0) return;
    const cell = event.target.closest(".cv-cell");
    if (!cell || cell.indexPath.kind !== "cell") return;
    event.stopPropagation();
    cell.setPointerCapture(event.pointerId);
    this.swipe = { cell, id: event.pointerId, x: event.clientX, dx: 0,
      base: cell.style.transform };
  }

  move(event) {
    const swipe = this.swipe;
    if (!swipe || event.pointerId !== swipe.id) return;
    swipe.dx = event.clientX - swipe.x;
    swipe.cell.style.transform = `translateX(${swipe.dx}px) ${swipe.base}`;
  }

  async up(event, cancelled = false) {
    const swipe = this.swipe;
    if (!swipe || event.pointerId !== swipe.id) return;
    this.swipe = null;
    const { cell, dx, base } = swipe;
    const width = cell.offsetWidth || 1;
    if (cancelled || Math.abs(dx) < width * THRESHOLD) {
      cell.animate([{ transform: cell.style.transform }, { transform: base || "none" }],
        { duration: 200, easing: "ease-out" });
      cell.style.transform = base;
      return;
    }
    const out = `translateX(${Math.sign(dx) * width * 2}px) ${base}`;
    await cell.animate([{ transform: cell.style.transform }, { transform: out, opacity: 0 }],
      { duration: 200, easing: "ease-in", fill: "forwards" }).finished;
    cell.getAnimations().forEach((a) => a.cancel());
    cell.style.transform = base;
    const { section, item } = cell.indexPath;
    const sections = this.view.sections.map((s, i) =>
      i === section ? { ...s, items: s.items.filter((_, j) => j !== item) } : s);
    await this.remove({ deletes: [{ section, item }] }, sections);
  }
}
