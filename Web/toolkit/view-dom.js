// The DOM a CollectionView builds: a scroll container holding the content element (the list),
// the styles every cell has, and the attributes that tell a cell's index path and its place in
// the list (pages' CSS, screen readers and the browser tests read them).

import { flatIndex, itemCount } from "./index-path.js";

/**
 * The scroll container and the content element, appended to `host`. The container is always
 * `direction: ltr`: the engine mirrors right-to-left geometry itself.
 * @returns {{scroller: HTMLElement, content: HTMLElement}}
 */
export function createScroller(host, label, role = "list") {
  const scroller = Object.assign(document.createElement("div"), { className: "cv-scroller" });
  // The view keeps its own scroll anchor (batch updates, resizes): the browser's would move
  // the offset when cells are reordered in the DOM.
  scroller.style.cssText = "position:relative;overflow:auto;width:100%;height:100%;" +
    "overscroll-behavior:contain;direction:ltr;overflow-anchor:none";
  const content = Object.assign(document.createElement("div"), { className: "cv-content" });
  content.style.cssText = "position:relative;overflow:hidden;contain:strict";
  content.setAttribute("role", role);
  if (label) content.setAttribute("aria-label", label);
  scroller.append(content);
  host.append(scroller);
  return { scroller, content };
}

/** Gives a new cell what every cell has: the class and absolute positioning. */
export function prepareCell(cell) {
  cell.classList.add("cv-cell");
  cell.style.position = "absolute";
  cell.style.boxSizing = "border-box";
  cell.style.margin = "0";
  return cell;
}

/**
 * Writes an element's index path, text direction and list position onto its cell: items are
 * list items (or, in a feed, articles) with `aria-setsize` and `aria-posinset` (a virtualised
 * list cannot expose all its rows), headers and footers are presentation.
 * @param {HTMLElement} cell
 * @param {import("./host.js").IndexPath} indexPath
 * @param {{items: object[]}[]} sections
 * @param {string} direction
 */
export function describeCell(cell, indexPath, sections, direction, itemRole = "listitem") {
  cell.dataset.section = indexPath.section;
  cell.dataset.item = indexPath.item;
  cell.dataset.kind = indexPath.kind;
  cell.dir = direction;
  if (indexPath.kind === "cell") {
    cell.setAttribute("role", itemRole);
    cell.setAttribute("aria-setsize", itemCount(sections));
    cell.setAttribute("aria-posinset", flatIndex(sections, indexPath) + 1);
  } else {
    cell.setAttribute("role", "presentation");
    cell.removeAttribute("aria-setsize");
    cell.removeAttribute("aria-posinset");
  }
}
