// A search in words, apart from the DOM (tested in node): the suggestions under the header's
// box, in their groups (Restaurants → /r/{id}, People → /u/{name}, then "Search for “…”"), the
// query a text asks, and what the results page says.
import { placeLabel, placePath, postsText } from "./place-text.js";
import { SEARCH_LIMIT, searchPath } from "./search-query.js";

/** How many restaurants and people the box suggests (`limit` of /api/search). */
export const SUGGESTIONS = 5;

/**
 * What /api/search answers.
 * @typedef {{id: number, name: string, area: string, postCount: number}} Restaurant
 * @typedef {{id: number, username: string}} Person
 * @typedef {{words: string[], restaurants: Restaurant[], people: Person[]}} SearchAnswer
 * An option under the box: where it leads (`path`) and what it says.
 * @typedef {{kind: "place" | "person" | "search", text: string, label: string,
 *   path: string}} SearchOption
 */

/** The query `typed` asks for suggestions (trimmed), or null: blank, or longer than the
 * server answers. */
export function suggestionQuery(typed) {
  const text = String(typed ?? "").trim();
  return text && [...text].length <= SEARCH_LIMIT ? text : null;
}

/** "Phở 24 · Mitte · 3 posts": a restaurant on one line (a suggestion, a result). */
export function restaurantText({ name, area, postCount }) {
  const where = String(area ?? "").trim();
  return `${name}${where ? ` · ${where}` : ""} · ${postsText(postCount ?? 0)}`;
}

/** "Phở 24, Mitte, 3 posts": a restaurant as a screen reader hears it. */
export function restaurantLabel({ name, area, postCount }) {
  return `${placeLabel(name, area)}, ${postsText(postCount ?? 0)}`;
}

/** "Search for “pho”": the last suggestion, and the box's own submit. */
export function searchForText(typed) {
  return `Search for “${String(typed ?? "").trim()}”`;
}

/**
 * The options under the box for `typed` and the server's `answer`: its restaurants, its
 * people, then "Search for “…”" (always, so Enter on it or a plain Enter searches).
 * @param {string} typed
 * @param {SearchAnswer | null} answer
 * @returns {SearchOption[]}
 */
export function searchOptions(typed, answer) {
  const query = String(typed ?? "").trim();
  if (!query) return [];
  const places = (answer?.restaurants ?? []).map((restaurant) => ({ kind: "place",
    text: restaurantText(restaurant), label: restaurantLabel(restaurant),
    path: placePath(restaurant.id) }));
  const people = (answer?.people ?? []).map(({ username }) => ({ kind: "person",
    text: `@${username}`, label: `@${username}`,
    path: `/u/${encodeURIComponent(username)}` }));
  const search = { kind: "search", text: searchForText(query), label: searchForText(query),
    path: searchPath(query) };
  return [...places, ...people, search];
}

const GROUPS = { place: "Restaurants", person: "People" };

/**
 * The options in the groups the list shows: Restaurants, People (each only when it has any),
 * then the search on its own (`title` null); each option with its index in `options`.
 * @param {SearchOption[]} options
 * @returns {{kind: string, title: string | null,
 *   items: {option: SearchOption, index: number}[]}[]}
 */
export function groupsOf(options) {
  const groups = [];
  options.forEach((option, index) => {
    const last = groups.at(-1);
    if (last?.kind === option.kind) last.items.push({ option, index });
    else groups.push({ kind: option.kind, title: GROUPS[option.kind] ?? null,
      items: [{ option, index }] });
  });
  return groups;
}

/** What a screen reader hears when suggestions arrive: "2 restaurants and 1 person: Down to
 * choose." */
export function suggestionsSaid(answer) {
  const places = answer?.restaurants?.length ?? 0;
  const people = answer?.people?.length ?? 0;
  const parts = [];
  if (places) parts.push(places === 1 ? "1 restaurant" : `${places} restaurants`);
  if (people) parts.push(people === 1 ? "1 person" : `${people} people`);
  return parts.length ? `${parts.join(" and ")}: Down to choose.`
    : "No restaurants or people match: Enter searches the posts.";
}

/** The results page's heading: "Results for “pho”" ("Search" for a blank query; a long one
 * cut at 60 characters with "…"). */
export function resultsHeading(query) {
  const characters = [...String(query ?? "")];
  const shown = characters.length > 60 ? `${characters.slice(0, 59).join("")}…` : query;
  return query ? `Results for “${shown}”` : "Search";
}

/** The server's refusal of a query as a sentence naming the search, not its parameter:
 * "q must be at most 200 characters long" → "The search must be at most 200 characters
 * long." */
export function searchError(failure) {
  const message = String(failure?.message ?? "").trim();
  const text = failure?.field === "q" ? message.replace(/^q\b/, "the search") : message;
  if (!text) return "The search was refused.";
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** A group's heading with its count: "Restaurants · 2". */
export function groupHeading(title, count) {
  return `${title} · ${count}`;
}
