// The head of a search's results (/search?q=…, #search-head above the list): "Results for
// “pho”", then the restaurants and the people that match (GET /api/search?limit=10), each a
// link, their groups counted; the posts are the list beneath (lists.js, the spec of
// search-query.js: a waterfall paged by cursor). A query the server refuses (400: over 200
// characters) says why here, named by the box's field. Loaded when a search is first shown.
import { api } from "./api.js";
import { element } from "./dom.js";
import { explain } from "./messages.js";
import { placePath } from "./place-text.js";
import { groupHeading, restaurantText, resultsHeading, searchError } from "./search-text.js";

const RESULTS = 10;
const head = document.getElementById("search-head");
const input = document.getElementById("search-q");
/** The query shown (null: none), and how many were asked (only the latest answer shows). */
let shown = null;
let asked = 0;

function markInput(error) {
  if (error) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", "search-error");
  } else {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
}

/** A group of links ("Restaurants · 2"), or nothing for none. */
function group(kind, title, links) {
  if (!links.length) return [];
  const id = `search-${kind}`;
  const list = element("ul", {}, ...links.map((link) => element("li", {}, link)));
  list.setAttribute("aria-labelledby", id);
  return [element("div", { className: `search-group ${kind}` },
    element("h3", { id }, groupHeading(title, links.length)), list)];
}

/** Shows the head of `query`'s results (null: takes it away). */
export async function showSearch(query) {
  if (query === null) {
    head.hidden = true;
    head.replaceChildren();
    shown = null;
    asked += 1;
    markInput(false);
    return;
  }
  head.hidden = false;
  if (query === shown) return;  // Back from a page over the results: as they were
  shown = query;
  const ticket = ++asked;
  const heading = element("h2", { id: "search-title", tabIndex: -1 }, resultsHeading(query));
  const alert = element("p", { id: "search-error", className: "alert", role: "alert" });
  head.replaceChildren(heading, alert);
  head.setAttribute("aria-labelledby", heading.id);
  markInput(false);
  if (!query) return;
  head.setAttribute("aria-busy", "true");
  let answer;
  try {
    answer = await api("GET", `/api/search?${new URLSearchParams({ q: query,
      limit: String(RESULTS) })}`);
  } catch (failure) {
    if (ticket !== asked) return;
    head.setAttribute("aria-busy", "false");
    alert.textContent = failure.status === 400 ? searchError(failure)
      : `Could not find restaurants and people: ${explain(failure)}`;
    markInput(failure.status === 400);
    return;
  }
  if (ticket !== asked) return;
  head.setAttribute("aria-busy", "false");
  const places = answer.restaurants.map((restaurant) => element("a",
    { href: placePath(restaurant.id) }, restaurantText(restaurant)));
  const people = answer.people.map(({ username }) => element("a",
    { href: `/u/${encodeURIComponent(username)}` }, `@${username}`));
  head.append(...group("places", "Restaurants", places), ...group("people", "People", people));
}
