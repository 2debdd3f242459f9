// A virtualised CollectionView for the browser: a scroll container whose content size comes
// from the layout engine (WebAssembly) and whose cells are positioned from the engine's
// attributes for the visible rect plus a prefetch margin, recycled through a reuse pool.
//
// Work happens only when something changes: a scroll event or a resize asks for one animation
// frame; that frame makes one engine query and touches only cells whose attributes changed.
// Its state is private; its helpers get a declared host interface (host.js).

import { ELEMENT_KINDS, ROW } from "./abi.js";
import { performBatchUpdates } from "./batch-animator.js";
import { applyAttributes } from "./cell-style.js";
import { indexPathOf, setIndexPath } from "./cell-state.js";
import { centredCell } from "./centre.js";
import { applyPlan, planUpdates, resizedShape, shapeOf } from "./engine-updates.js";
import { itemCount, keyOf, sameIndexPath } from "./index-path.js";
import { KeyboardNavigation } from "./keyboard.js";
import { anchorFor, restoreAnchor } from "./resize-anchor.js";
import { ReusePool } from "./reuse-pool.js";
import { kindCode } from "./row.js";
import { ScrollSnapping } from "./scroll-snap.js";
import { createScroller, describeCell, prepareCell } from "./view-dom.js";
import { prefetchRect, visibleCount } from "./viewport.js";

/**
 * `dataSource`: `configureCell(cell, {section, item, kind})` (required), `createCell(identifier)`
 * and `reuseIdentifier({section, item, kind})` (optional; the default identifier is the kind).
 * Options: `prefetch` (margin on each side, as a fraction of the viewport; 0.25),
 * `label` (accessible name), `dragScroll` (mouse drags scroll the content), `tracksCentre`
 * (the item nearest the viewport centre is the focused item, as in a carousel), `direction`.
 */
export class CollectionView extends EventTarget {
  /** Whether the item nearest the viewport's centre is the focused item (a carousel). */
  tracksCentre;
  /** Whether mouse drags scroll the content (desktop has no touch fling). */
  dragScroll;
  /** "ltr" or "rtl", for the next layout. */
  direction;
  /**
   * Rewrites each frame's query rows before cells are placed, or null: `(rows, count) =>
   * {rows, count}` (drag-reorder.js keys the reflow's rows to the cells showing each item).
   */
  rowMapper = null;

  #dataSource;
  #prefetch;
  #layout = null;
  #sections = [];
  #shape = null;
  #rows = new Float64Array(0);
  #rowCount = 0;
  /** The cells in the DOM for the last frame, by `keyOf` key. */
  #active = new Map();
  #focused = null;
  #frameRequest = 0;
  #size = { width: 0, height: 0 };
  #contentSize = { width: 0, height: 0 };
  #scroller;
  #content;
  #pool;
  #keyboard;
  #itemRole;
  #snapping;
  #resizeObserver;
  /** @type {import("./host.js").CollectionViewHost} */
  #host;

  constructor(host, dataSource, options = {}) {
    super();
    this.#dataSource = dataSource;
    this.#prefetch = options.prefetch ?? 0.25;
    this.tracksCentre = options.tracksCentre ?? false;
    this.direction = options.direction ?? "ltr";
    this.dragScroll = options.dragScroll ?? false;
    // A feed (the ARIA feed pattern: articles, PageDown/PageUp) or a list of items.
    this.#itemRole = options.role === "feed" ? "article" : "listitem";
    const { scroller, content } = createScroller(host, options.label, options.role ?? "list");
    this.#scroller = scroller;
    this.#content = content;
    this.#host = this.#makeHost();
    this.#pool = new ReusePool(content, (identifier) => this.#createCell(identifier));
    this.#keyboard = new KeyboardNavigation(this.#host);
    this.#snapping = new ScrollSnapping(this.#host);
    scroller.addEventListener("scroll", () => this.setNeedsRender(), { passive: true });
    content.addEventListener("click", (event) => this.#clicked(event));
    this.#resizeObserver = new ResizeObserver(() => this.#resized());
    this.#resizeObserver.observe(scroller);
  }

  /** The interface the helpers get (host.js). */
  #makeHost() {
    const view = this;
    return {
      get layout() { return view.#layout; },
      get bounds() { return view.bounds; },
      get contentSize() { return view.#contentSize; },
      get scroller() { return view.#scroller; },
      get content() { return view.#content; },
      get sections() { return view.#sections; },
      get focused() { return view.#focused; },
      get tracksCentre() { return view.tracksCentre; },
      get dragScroll() { return view.dragScroll; },
      rows: () => ({ rows: view.#rows, count: view.#rowCount }),
      cells: () => view.#active.values(),
      cellFor: (section, item, kind) => view.cellFor(section, item, kind),
      setFocused: (indexPath, reason) => view.setFocused(indexPath, reason),
      scrollTo: (offset, animated) => view.scrollTo(offset, animated),
      render: () => view.render(),
      dispatchEvent: (event) => view.dispatchEvent(event),
      replaceCells: (cells) => { view.#active = cells; },
      recycle: (cell) => view.#pool.enqueue(cell),
      configure: (cell, indexPath) => view.#configure(cell, indexPath),
      update: (sections, changeset) => {
        view.#sections = sections;
        view.#updateLayout(changeset);
      },
    };
  }

  /** The layout shown, or null before `setLayout`. */
  get layout() { return this.#layout; }

  /** The sections shown. */
  get sections() { return this.#sections; }

  /** The focused item {section, item}, or null. */
  get focused() { return this.#focused; }

  /** The content's size, as the layout gives it. */
  get contentSize() { return this.#contentSize; }

  /** The scrolling element (for a page's own scroll handling). */
  get scroller() { return this.#scroller; }

  /** The element holding the cells. */
  get content() { return this.#content; }

  /** The visible rect in content coordinates. */
  get bounds() {
    const s = this.#scroller;
    return { x: s.scrollLeft, y: s.scrollTop, width: s.clientWidth, height: s.clientHeight };
  }

  /** The number of items across sections. */
  get itemCount() {
    return itemCount(this.#sections);
  }

  /** The cells in the DOM for the last frame, with their index paths. */
  *visibleCells() {
    for (const cell of this.#active.values()) yield { cell, indexPath: indexPathOf(cell) };
  }

  /** Shows `sections` ([{items: [{width, height, fullSpan}], headerHeight, footerHeight}]). */
  setLayout(layout, sections = this.#sections) {
    for (const cell of this.#active.values()) this.#pool.enqueue(cell);
    this.#active.clear();
    const kindChanged = this.#layout?.options.kind !== layout.options.kind;
    this.#layout = layout;
    this.#sections = sections;
    this.#prepare();
    // A new kind starts where the engine says (an infinite row starts in its middle cycle).
    if (kindChanged) {
      const start = layout.initialOffset ?? { x: 0, y: 0 };
      this.#scroller.scrollLeft = start.x;
      this.#scroller.scrollTop = start.y;
    }
    this.render();
  }

  /** The layout context of the sections at the current viewport size. */
  #context() {
    const { width, height } = this.bounds;
    return { viewport: { width, height }, sections: this.#sections, direction: this.direction,
      displayScale: window.devicePixelRatio || 1 };
  }

  /** Re-prepares the layout from the sections at the current viewport size. */
  #prepare() {
    const context = this.#context();
    this.#size = { ...context.viewport };
    this.#layout.prepare(context);
    this.#shape = shapeOf(context);
    this.#updateContentSize();
  }

  /**
   * Brings the layout to the sections after `changeset`: the engine's incremental updates
   * when they are valid and cheaper (engine-updates.js), else a full prepare.
   */
  #updateLayout(changeset) {
    const context = this.#context();
    const plan = planUpdates(this.#shape, changeset, context);
    if (!plan) return this.#prepare();
    applyPlan(this.#layout, plan);
    this.#shape = shapeOf(context);
    this.#updateContentSize();
  }

  #updateContentSize() {
    const size = this.#layout.contentSize;
    this.#content.style.width = `${size.width}px`;
    this.#content.style.height = `${size.height}px`;
    this.#contentSize = size;
  }

  /** Reconfigures every cell after a data change that kept every size. */
  reloadData() {
    for (const cell of this.#active.values()) this.#configure(cell, indexPathOf(cell));
  }

  /**
   * Animates a changeset into the new `sections` (see batch-animator.js).
   * @param {import("./changeset.js").Changeset} changeset
   */
  performBatchUpdates(changeset, sections) {
    return performBatchUpdates(this.#host, changeset, sections);
  }

  /** Asks for one render in the next animation frame. */
  setNeedsRender() {
    if (!this.#frameRequest) this.#frameRequest = requestAnimationFrame(() => this.render());
  }

  /** One frame: one engine query, then cells placed, recycled or created. */
  render() {
    if (this.#frameRequest) cancelAnimationFrame(this.#frameRequest);
    this.#frameRequest = 0;
    if (!this.#layout) return;
    const view = this.bounds;
    const rect = prefetchRect(view, this.#contentSize, this.#prefetch);
    const { count, data } = this.#layout.query(rect, view);
    // A copy: the engine's view is only valid until the next engine call.
    if (this.#rows.length < data.length) this.#rows = new Float64Array(data.length * 2);
    this.#rows.set(data);
    this.#rowCount = count;
    if (this.rowMapper) ({ rows: this.#rows, count: this.#rowCount } = this.rowMapper(this.#rows, count));
    this.#place(this.#rows, this.#rowCount);
    // The DOM bound: parked cells are kept only while the total stays within 3× what is visible
    // (tall items scrolled past can leave more parked cells than the next frames need).
    this.#pool.trim(3 * visibleCount(this.#rows, this.#rowCount, view) - this.#active.size);
    if (this.tracksCentre) {
      const centre = centredCell(this.#rows, this.#rowCount, view);
      if (centre) this.setFocused(centre, "scroll");
    }
    this.#keyboard.updateTabStops();
    this.dispatchEvent(new CustomEvent("render", { detail: { count: this.#rowCount } }));
  }

  #place(rows, count) {
    const next = new Map();
    const fresh = [];
    const keyAt = (at) => keyOf(rows[at + ROW.section], rows[at + ROW.item], rows[at + ROW.kind]);
    for (let i = 0, at = 0; i < count; i++, at += ROW.stride) {
      const key = keyAt(at);
      // An item may appear twice in one query (a short infinite row): the first one wins.
      if (next.has(key)) continue;
      const cell = this.#active.get(key);
      if (cell) {
        this.#active.delete(key);
        next.set(key, cell);
        applyAttributes(cell, rows, at);
      } else fresh.push(at);
    }
    for (const [key, cell] of this.#active) {
      // The focused cell stays (off-screen) so that keyboard focus is never lost to recycling,
      // also when the focus is on a control inside it.
      if (cell.contains(document.activeElement)) next.set(key, cell);
      else this.#pool.enqueue(cell);
    }
    for (const at of fresh) {
      if (next.has(keyAt(at))) continue;
      const indexPath = {
        section: rows[at + ROW.section], item: rows[at + ROW.item],
        kind: ELEMENT_KINDS[rows[at + ROW.kind]],
      };
      const identifier = this.#dataSource.reuseIdentifier?.(indexPath) ?? indexPath.kind;
      const cell = this.#pool.dequeue(identifier);
      this.#configure(cell, indexPath);
      applyAttributes(cell, rows, at);
      next.set(keyAt(at), cell);
    }
    this.#active = next;
    this.#orderDOM();
  }

  /**
   * Keeps the DOM in reading order (headers, items, footers; section by section), which
   * recycling scrambles: screen readers and Tab follow the DOM. Only cells out of order move,
   * and a moved cell that held the focus gets it back.
   * - Complexity: O(k log k) for k cells in view; no DOM change when already in order.
   */
  #orderDOM() {
    const rank = { header: 0, cell: 1, footer: 2 };
    const cells = [...this.#active.values()].map((cell) => [indexPathOf(cell), cell])
      .sort(([a], [b]) => a.section - b.section || rank[a.kind] - rank[b.kind] || a.item - b.item)
      .map(([, cell]) => cell);
    let expected = this.#content.firstElementChild;
    for (const cell of cells) {
      if (cell !== expected) {
        const focused = cell.contains(document.activeElement) ? document.activeElement : null;
        this.#content.insertBefore(cell, expected);
        focused?.focus({ preventScroll: true });
      }
      expected = cell.nextElementSibling;
    }
  }

  #createCell(identifier) {
    return prepareCell(this.#dataSource.createCell?.(identifier) ?? document.createElement("div"));
  }

  #configure(cell, indexPath) {
    setIndexPath(cell, indexPath);
    describeCell(cell, indexPath, this.#sections, this.direction, this.#itemRole);
    this.#dataSource.configureCell(cell, indexPath);
  }

  /** The DOM cell showing an element, if any. */
  cellFor(section, item, kind = "cell") {
    return this.#active.get(keyOf(section, item, kindCode(kind))) ?? null;
  }

  /** Makes an item the focused one; dispatches `focuschange` {section, item, reason}. */
  setFocused(indexPath, reason) {
    if (sameIndexPath(this.#focused, indexPath)) return;
    this.#focused = { section: indexPath.section, item: indexPath.item };
    this.dispatchEvent(new CustomEvent("focuschange", { detail: { ...this.#focused, reason } }));
  }

  #clicked(event) {
    if (this.#snapping.suppressesClick()) return;
    // A control inside a cell (a like button, a link) does its own thing.
    if (event.target.closest("button, a, input, textarea, select, label")) return;
    const cell = event.target.closest(".cv-cell");
    const indexPath = cell && indexPathOf(cell);
    if (!indexPath || indexPath.kind !== "cell") return;
    this.setFocused(indexPath, "pointer");
    this.dispatchEvent(new CustomEvent("select", { detail: { ...indexPath } }));
  }

  #resized() {
    if (!this.#layout) return;
    const { width, height } = this.bounds;
    if (width === this.#size.width && height === this.#size.height) return;
    this.#size = { width, height };
    this.#shape = resizedShape(this.#shape, width, height);
    if (this.tracksCentre && typeof this.#layout.resizeKeepingFocus === "function") {
      // Scroll-driven layouts know their focused item: the engine gives the offset keeping it.
      const offset = this.#layout.resizeKeepingFocus(width, height, this.bounds);
      this.#updateContentSize();
      this.#scroller.scrollLeft = offset.x;
      this.#scroller.scrollTop = offset.y;
    } else {
      const anchor = anchorFor(this.#host);
      this.#layout.resize(width, height);
      this.#updateContentSize();
      restoreAnchor(this.#host, anchor);
    }
    this.render();
  }

  /** Scrolls to an offset; `animated` follows prefers-reduced-motion. */
  scrollTo(offset, animated) {
    const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.#scroller.scrollTo({ left: offset.x, top: offset.y,
      behavior: animated && !reduce ? "smooth" : "instant" });
    this.render();
  }

  /** Removes the view and stops observing; the layout stays the caller's to destroy. */
  destroy() {
    this.#resizeObserver.disconnect();
    this.#snapping.destroy();
    if (this.#frameRequest) cancelAnimationFrame(this.#frameRequest);
    this.#scroller.remove();
  }
}
