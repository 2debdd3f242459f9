// A restaurant in words, wherever the app names one: "Phở 24, Mitte" (a link's name, a page's
// title), "Phở 24 · Mitte" (on a cell or a post's page, where there is room), "3 posts", and
// the Post form's suggestions ("Phở 24 — Mitte (3 posts)"). Pure: no DOM.

/** "Phở 24, Mitte", or "Phở 24" where the area is unknown: a link's name, a title. */
export function placeLabel(name, area) {
  const where = String(area ?? "").trim();
  return where ? `${name}, ${where}` : String(name);
}

/** " · Mitte" after a name shown on a cell or a post's page, or "" without an area. */
export function areaSuffix(area) {
  const where = String(area ?? "").trim();
  return where ? ` · ${where}` : "";
}

/** "1 post", "3 posts". */
export function postsText(count) {
  return count === 1 ? "1 post" : `${count} posts`;
}

/** The restaurant page's address: "/r/12". */
export function placePath(id) {
  return `/r/${id}`;
}

/** A suggestion of the Post form: "Phở 24 — Mitte (3 posts)", "Phở 24 (1 post)". */
export function suggestionText({ name, area, postCount }) {
  const where = String(area ?? "").trim();
  return `${name}${where ? ` — ${where}` : ""} (${postsText(postCount ?? 0)})`;
}

/** The last suggestion: "Add “Pho Real” as a new restaurant". */
export function newPlaceText(typed) {
  return `Add “${String(typed).trim()}” as a new restaurant`;
}
