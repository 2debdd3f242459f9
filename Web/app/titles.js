// Each page's document title, as the server writes it into the page it serves
// (App/Sources/LotsServer/HTTP/PageHead.swift), so that a tab, a bookmark and the history name
// the page, and a screen reader hears where a link led: "Inspire · LOTs", "@ana · LOTs",
// "Pasta La Vista — Pho by @jonas · LOTs", "Phở 24, Mitte · LOTs".
import { placeLabel } from "./place-text.js";

const SITE = "LOTs";
export const MAIN_TITLE = "LOTs — Lunch Of Today";
const NAMES = {
  inspire: "Inspire", likes: "Your likes", post: "New post", account: "Account",
  signin: "Sign in", signup: "Sign up", detail: "Post", place: "Restaurant",
  missing: "Not found", lists: "Your lists", list: "List", shared: "Shared list",
  notifications: "Notifications", print: "Booster", printStore: "Print shop · Booster",
  printOrderForm: "New order · Booster", printOrder: "Order · Booster",
  printMe: "My page · Booster", printShop: "Shop console · Booster",
};

/** `name` as a page of LOTs: "Inspire · LOTs". */
export const titled = (name) => `${name} · ${SITE}`;

/** Titles the document `title` only while `path` is the page shown: an answer or a live update
 * that lands after the reader left (Back, or a page opened over it) must not name the page
 * they are on now. */
export function titleAt(path, title) {
  if (location.pathname === path) document.title = title;
}

/** The title of a route (from router.js's `routeOf`); a post's page has `postTitle` once the
 * post is loaded, a restaurant's page `placeTitle` once the restaurant is. */
export function titleFor(route) {
  if (route.name === "profile") {
    let name = route.params[0];
    try {
      name = decodeURIComponent(name);
    } catch {
      // A malformed escape is shown as it was written.
    }
    return titled(`@${name}`);
  }
  if (route.name === "search") return searchTitle(route.params[0]);
  return NAMES[route.name] ? titled(NAMES[route.name]) : MAIN_TITLE;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The start of `text` on one line, at most `limit` characters, cut at a word with "…" (as
 * the server's PageHead.excerpt). */
export function excerpt(text, limit) {
  const line = String(text ?? "").split(/\r\n|[\n\r\v\f\x85\u2028\u2029]/).filter(Boolean)
    .join(" ");
  const characters = [...graphemes.segment(line)].map(({ segment }) => segment);
  if (characters.length <= limit) return line;
  const cut = characters.slice(0, limit - 1).join("");
  const space = cut.lastIndexOf(" ");
  return (space >= 0 ? cut.slice(0, space) : cut).replace(/[ ,;:]+$/, "") + "…";
}

/** A post's page: "Pasta La Vista — Pho by @jonas · LOTs" (no dish when it has no caption). */
export function postTitle(post) {
  const dish = excerpt(post.caption, 40);
  const by = `by @${post.author.username}`;
  return titled(dish ? `${post.restaurant} — ${dish} ${by}` : `${post.restaurant} ${by}`);
}

/** A pocket list's page: "Date night · LOTs" (as the server writes it). */
export function listTitle(list) {
  return titled(list.name);
}

/** A search's results: "“pho” · Search · LOTs" ("Search · LOTs" for none; a long query cut
 * with "…"). */
export function searchTitle(query) {
  const asked = excerpt(query, 60);
  return titled(asked ? `“${asked}” · Search` : "Search");
}

/** A restaurant's page: "Phở 24, Mitte · LOTs" ("Phở 24 · LOTs" without an area). */
export function placeTitle(restaurant) {
  return titled(placeLabel(restaurant.name, restaurant.area));
}
