// A list's first screen as the server laid it out (FirstScreenHTML.swift): the cells it wrote
// are the engine's own frames, so the list takes their place without a pixel moving, and the
// first page of the feed it carried (a JSON data block) is the live list's first page: no
// second fetch. The list's width, the display's scale and the list's scroll bar go into a
// cookie after each layout of a list as wide as the page, so the server lays the next visit
// out for this screen (the mosaic's box, narrower on a desktop, it derives from them). A
// restaurant's page and a pocket list's carry theirs too (their data blocks); the reader's
// layout of pocket lists goes into a cookie of its own.

const VIEW_COOKIE = "lots-view";
const YEAR = 365 * 24 * 3600;

/**
 * The first page the document carries for `path` (taken once: a later showing fetches), or
 * null.
 * @returns {object | null}
 */
export function takeFirstPage(path) {
  return takeBlock("first-page", (block) => block.dataset.path === path);
}

/**
 * Restaurant `id` as the document carries it for its page (/r/{id}, taken once), or null.
 * @returns {object | null}
 */
export function takeFirstPlace(id) {
  return takeBlock("first-place", (block) => block.dataset.id === String(id));
}

/** The JSON of data block `id` if `matches(block)`, the block then removed; else null. */
function takeBlock(id, matches) {
  const block = document.getElementById(id);
  if (!block || !matches(block)) return null;
  block.remove();
  try {
    return JSON.parse(block.textContent);
  } catch {
    return null;
  }
}

/**
 * Remembers the width a list as wide as the page is laid out in, the display's scale, and the
 * width its scroll bar takes (`gutter`, 0 where it lies over the content), for the server.
 */
export function rememberView(width, gutter = 0) {
  const scale = window.devicePixelRatio || 1;
  if (!(width > 0)) return;
  const bar = gutter > 0 && gutter <= 100 ? `x${Math.round(gutter)}` : "";
  const value = `${Math.round(width)}x${scale}${bar}`;
  if (document.cookie.split("; ").includes(`${VIEW_COOKIE}=${value}`)) return;
  document.cookie = `${VIEW_COOKIE}=${value}; path=/; max-age=${YEAR}; samesite=lax`;
}

const LIST_LAYOUT_COOKIE = "lots-list-layout";

/** Tells the server the reader's layout of pocket lists ("waterfall" or "grid"), which the
 * page keeps itself, so that it lays a list's first screen out the same way. */
export function rememberListLayout(kind) {
  const value = kind === "grid" ? "grid" : "waterfall";
  if (document.cookie.split("; ").includes(`${LIST_LAYOUT_COOKIE}=${value}`)) return;
  document.cookie = `${LIST_LAYOUT_COOKIE}=${value}; path=/; max-age=${YEAR}; samesite=lax`;
}
