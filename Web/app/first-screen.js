// Main's first screen as the server laid it out (FirstScreenHTML.swift): the cells it wrote
// are the engine's own frames, so the list takes their place without a pixel moving, and the
// first page of the feed it carried (a JSON data block) is the live list's first page: no
// second fetch. The list's width and the display's scale go into a cookie after each layout,
// so the server lays the next visit out for this screen.

const VIEW_COOKIE = "lots-view";
const YEAR = 365 * 24 * 3600;

/**
 * The first page the document carries for `path` (taken once: a later showing fetches), or
 * null.
 * @returns {object | null}
 */
export function takeFirstPage(path) {
  const block = document.getElementById("first-page");
  if (!block || block.dataset.path !== path) return null;
  block.remove();
  try {
    return JSON.parse(block.textContent);
  } catch {
    return null;
  }
}

/** Remembers the width a list is laid out in, and the display's scale, for the server. */
export function rememberView(width) {
  const scale = window.devicePixelRatio || 1;
  if (!(width > 0)) return;
  const value = `${Math.round(width)}x${scale}`;
  if (document.cookie.split("; ").includes(`${VIEW_COOKIE}=${value}`)) return;
  document.cookie = `${VIEW_COOKIE}=${value}; path=/; max-age=${YEAR}; samesite=lax`;
}
