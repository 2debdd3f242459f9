// Keyboard access: a roving tabindex (one cell is in the tab order: the focused item, or the
// first visible one) and arrow keys that move focus by geometry, so that "down" in a waterfall
// is the next photo in the same column and "right" is the neighbouring column, whatever the
// layout. Home/End go to the first/last item, PageDown/PageUp to the next/previous one in
// reading order (the ARIA feed pattern); Enter and Space select. Keys on a control inside a
// cell are left to it.
import { indexPathOf } from "./cell-state.js";
import { sameIndexPath } from "./index-path.js";
import { nearestInDirection } from "./spatial.js";

const DIRECTIONS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class KeyboardNavigation {
  /** @type {import("./host.js").CollectionViewHost} */
  #view;

  /** @param {import("./host.js").CollectionViewHost} view */
  constructor(view) {
    this.#view = view;
    view.content.addEventListener("keydown", (event) => this.#keydown(event));
    view.content.addEventListener("focusin", (event) => {
      const cell = event.target.closest?.(".cv-cell");
      const indexPath = cell && indexPathOf(cell);
      if (indexPath?.kind === "cell") view.setFocused(indexPath, "keyboard");
    });
  }

  /** Gives tabindex 0 to exactly one cell and -1 to the others. */
  updateTabStops() {
    const view = this.#view;
    let stop = view.focused && view.cellFor(view.focused.section, view.focused.item);
    if (!stop) {
      for (const cell of view.cells()) {
        if (indexPathOf(cell)?.kind === "cell" && !cell.hidden) { stop = cell; break; }
      }
    }
    for (const cell of view.cells()) {
      // The attribute, not the property: a plain div reports tabIndex -1 without being
      // focusable until the attribute exists.
      const index = cell === stop ? "0" : "-1";
      if (cell.getAttribute("tabindex") !== index) cell.setAttribute("tabindex", index);
    }
  }

  #keydown(event) {
    const view = this.#view;
    const cell = event.target.closest?.(".cv-cell");
    const indexPath = cell && indexPathOf(cell);
    // Keys on a control inside a cell (a button, a link) are the control's.
    if (!indexPath || !view.layout || event.target !== cell) return;
    let target = null;
    if (event.key === "PageDown" || event.key === "PageUp") {
      // The ARIA feed pattern: the next or previous article in reading order.
      target = this.#neighbour(indexPath, event.key === "PageDown" ? 1 : -1);
    } else if (event.key in DIRECTIONS) {
      target = nearestInDirection(view, indexPath, DIRECTIONS[event.key]);
    } else if (event.key === "Home") {
      target = this.#edgeItem(true);
    } else if (event.key === "End") {
      target = this.#edgeItem(false);
    } else if (event.key === "Enter" || event.key === " ") {
      view.dispatchEvent(new CustomEvent("select", { detail: { ...indexPath } }));
      event.preventDefault();
      return;
    } else return;
    event.preventDefault();
    if (target && !sameIndexPath(target, indexPath)) this.#focusItem(target);
  }

  /** The item `step` places away in reading order, across sections; null past the ends. */
  #neighbour({ section, item }, step) {
    const sections = this.#view.sections;
    let s = section;
    let i = item + step;
    while (s >= 0 && s < sections.length) {
      if (i >= 0 && i < sections[s].items.length) return { section: s, item: i };
      s += step;
      i = step > 0 ? 0 : (sections[s]?.items.length ?? 0) - 1;
    }
    return null;
  }

  #edgeItem(first) {
    const sections = this.#view.sections;
    const order = first ? sections.keys() : [...sections.keys()].reverse();
    for (const section of order) {
      const count = sections[section].items.length;
      if (count > 0) return { section, item: first ? 0 : count - 1 };
    }
    return null;
  }

  /** Scrolls an item into view (centred when the layout tracks the centre) and focuses it. */
  #focusItem({ section, item }) {
    const view = this.#view;
    const element = view.layout.element("cell", section, item, view.bounds);
    if (!element) return;
    const visible = view.bounds;
    const f = element.frame;
    let offset;
    if (view.tracksCentre && typeof view.layout.focusOffset === "function") {
      offset = view.layout.focusOffset(item, visible);
    } else {
      offset = { x: reveal(visible.x, visible.width, f.x, f.width),
        y: reveal(visible.y, visible.height, f.y, f.height) };
    }
    view.setFocused({ section, item }, "keyboard");
    // The jump is immediate so that the cell exists now and can take DOM focus.
    view.scrollTo(offset, false);
    view.cellFor(section, item)?.focus({ preventScroll: true });
  }
}

/** The smallest scroll that shows [start, start + length) inside [origin, origin + size). */
function reveal(origin, size, start, length) {
  if (start < origin) return start;
  if (start + length > origin + size) return Math.min(start, start + length - size);
  return origin;
}

