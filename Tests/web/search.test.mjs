// Search on the page (issue 26), checked without a browser: a query as an address and back
// (hostile text included), the route and its title, the list of its posts, the suggestions in
// their groups and the keys through them, and the words the results page says.
import assert from "node:assert/strict";
import test from "node:test";

import { ComboboxState } from "../../Web/app/combobox-state.js";
import { routeOf } from "../../Web/app/router.js";
import { SEARCH_LIMIT, queryOf, searchPath, searchSpec } from "../../Web/app/search-query.js";
import { SUGGESTIONS, groupHeading, groupsOf, restaurantLabel, restaurantText, resultsHeading,
  searchError, searchForText, searchOptions, suggestionQuery, suggestionsSaid }
  from "../../Web/app/search-text.js";
import { searchTitle, titleFor } from "../../Web/app/titles.js";

const PHO = { id: 1, name: "Phở 24", area: "Mitte", postCount: 3 };
const REAL = { id: 7, name: "Pho Real", area: "", postCount: 1 };
const PHONG = { id: 2, username: "phong", createdAt: "2026-11-26T18:00:00Z" };
const HOSTILE = ["pho", "Phở 24", "\"pho\" OR *", "a&q=b", "100% #1 ?x=y", "  spaced  out ",
  "-pho NEAR(a b)", "<script>alert(1)</script>", "😋🍜", "x".repeat(201)];

test("a query goes to /search?q=… and comes back as it was typed (trimmed)", () => {
  for (const typed of HOSTILE) {
    const path = searchPath(typed);
    assert.match(path, /^\/search\?q=[^&#?]+$/, typed);
    assert.equal(queryOf(path.slice("/search".length)), typed.trim(), typed);
    assert.deepEqual(routeOf(path), { name: "search", params: [typed.trim()] }, typed);
  }
  assert.equal(searchPath("  "), "/search");
  assert.equal(searchPath(undefined), "/search");
  assert.equal(queryOf(""), "");
  assert.equal(queryOf("?other=1"), "");
  assert.equal(queryOf("?q=a&q=b"), "a", "the first q, as the server reads it");
  assert.equal(queryOf("?q=%E0%A4%A"), "\uFFFD%A", "a malformed escape never throws");
});

test("/search is the results page; a path like it is not", () => {
  assert.deepEqual(routeOf("/search"), { name: "search", params: [""] });
  assert.deepEqual(routeOf("/search?q=pho&cursor=9"), { name: "search", params: ["pho"] });
  for (const path of ["/search/", "/search/pho", "/searches", "/Search?q=pho"]) {
    assert.equal(routeOf(path).name, "missing", path);
  }
  assert.deepEqual(routeOf("/r/12?q=pho"), { name: "place", params: ["12"] });
});

test("a search's title says the query, cut when long", () => {
  assert.equal(titleFor(routeOf("/search?q=pho")), "“pho” · Search · LOTs");
  assert.equal(titleFor(routeOf("/search?q=Ph%E1%BB%9F")), "“Phở” · Search · LOTs");
  assert.equal(titleFor(routeOf("/search")), "Search · LOTs");
  assert.equal(searchTitle(""), "Search · LOTs");
  const long = searchTitle("pho ".repeat(40));
  assert.ok(long.endsWith("…” · Search · LOTs") && [...long].length < 90, long);
});

test("the list of a search's posts: its own name per query, its q encoded, words when empty",
  () => {
    const layout = { kind: "waterfall", columnCount: 2, extraHeight: 76 };
    const spec = searchSpec("\"pho\" OR *", layout);
    assert.equal(spec.path, "/api/search/posts?q=%22pho%22+OR+*");
    assert.equal(spec.layout, layout);
    assert.equal(spec.live, false);
    assert.notEqual(spec.name, searchSpec("pho", layout).name);
    assert.equal(searchSpec("pho", layout).name, searchSpec("pho", layout).name);
    assert.equal(spec.label, "Posts matching “\"pho\" OR *”");
    assert.match(searchSpec("pho", layout).empty, /^No posts match “pho”\. Try fewer words/);
    assert.equal(searchSpec("", layout).empty, "Type what you are looking for in the search box.");
    assert.equal(searchSpec("", layout).path, "/api/search/posts?q=");
  });

test("suggestions: restaurants, then people, then the search; in their groups", () => {
  const answer = { words: ["pho"], restaurants: [PHO, REAL], people: [PHONG] };
  const options = searchOptions(" pho ", answer);
  assert.deepEqual(options.map(({ kind, text, path }) => [kind, text, path]), [
    ["place", "Phở 24 · Mitte · 3 posts", "/r/1"],
    ["place", "Pho Real · 1 post", "/r/7"],
    ["person", "@phong", "/u/phong"],
    ["search", "Search for “pho”", "/search?q=pho"],
  ]);
  assert.equal(options[0].label, "Phở 24, Mitte, 3 posts");
  const groups = groupsOf(options);
  assert.deepEqual(groups.map(({ kind, title, items }) =>
    [kind, title, items.map(({ index }) => index)]),
  [["place", "Restaurants", [0, 1]], ["person", "People", [2]], ["search", null, [3]]]);
  // Nobody and nothing matched: the search alone. Nothing typed: nothing.
  const none = searchOptions("zzz", { words: ["zzz"], restaurants: [], people: [] });
  assert.deepEqual(none.map(({ kind }) => kind), ["search"]);
  assert.deepEqual(groupsOf(none).map(({ title }) => title), [null]);
  assert.deepEqual(searchOptions("pho", null).map(({ kind }) => kind), ["search"]);
  assert.deepEqual(searchOptions("   ", answer), []);
  assert.deepEqual(groupsOf([]), []);
  const odd = searchOptions("a", { restaurants: [], people: [{ id: 3, username: "a.b_c" }] });
  assert.equal(odd[0].path, "/u/a.b_c");
  assert.equal(SUGGESTIONS, 5);
});

test("keys move through the groups as one list; Enter picks; Enter alone searches", () => {
  const state = new ComboboxState();
  state.show(searchOptions("pho", { restaurants: [PHO, REAL], people: [PHONG] }));
  assert.equal(state.open, true);
  assert.equal(state.activeOption, null);
  assert.equal(state.key("Enter"), null, "no option active: the form searches");
  state.show(searchOptions("pho", { restaurants: [PHO, REAL], people: [PHONG] }));
  const kinds = [];
  for (let i = 0; i < 5; i++) {
    assert.equal(state.key("ArrowDown"), "moved");
    kinds.push(state.activeOption.kind);
  }
  assert.deepEqual(kinds, ["place", "place", "person", "search", "place"], "wraps");
  state.key("ArrowUp");
  assert.equal(state.activeOption.kind, "search");
  state.key("ArrowUp");
  assert.equal(state.key("Enter"), "picked");
  assert.equal(state.activeOption.path, "/u/phong");
  assert.equal(state.key("Escape"), "closed");
  assert.equal(state.key("Escape"), null, "closed already: the box's own Escape");
});

test("a query for suggestions: none when blank or longer than the server answers", () => {
  assert.equal(suggestionQuery("  pho "), "pho");
  assert.equal(suggestionQuery(""), null);
  assert.equal(suggestionQuery("   "), null);
  assert.equal(suggestionQuery(null), null);
  assert.equal(suggestionQuery("x".repeat(SEARCH_LIMIT)), "x".repeat(SEARCH_LIMIT));
  assert.equal(suggestionQuery("x".repeat(SEARCH_LIMIT + 1)), null);
  assert.equal(suggestionQuery("😋".repeat(SEARCH_LIMIT)), "😋".repeat(SEARCH_LIMIT),
    "characters, not UTF-16 units");
});

test("what is said: suggestions' count, the results' heading, a refused query", () => {
  assert.equal(suggestionsSaid({ restaurants: [PHO, REAL], people: [PHONG] }),
    "2 restaurants and 1 person: Down to choose.");
  assert.equal(suggestionsSaid({ restaurants: [PHO], people: [] }),
    "1 restaurant: Down to choose.");
  assert.equal(suggestionsSaid({ restaurants: [], people: [PHONG, PHONG] }),
    "2 people: Down to choose.");
  assert.equal(suggestionsSaid({ restaurants: [], people: [] }),
    "No restaurants or people match: Enter searches the posts.");
  assert.equal(resultsHeading("pho"), "Results for “pho”");
  assert.equal(resultsHeading(""), "Search");
  assert.equal(resultsHeading("x".repeat(201)), `Results for “${"x".repeat(59)}…”`);
  assert.equal(resultsHeading("😋".repeat(60)), `Results for “${"😋".repeat(60)}”`);
  const layout = { kind: "waterfall" };
  assert.equal(searchSpec("x", layout).refused({ status: 400 }), "", "said above the list");
  assert.equal(searchSpec("x", layout).refused({ status: 0 }), null);
  assert.equal(groupHeading("Restaurants", 2), "Restaurants · 2");
  assert.equal(restaurantText({ name: "Phở 24", area: " ", postCount: 0 }), "Phở 24 · 0 posts");
  assert.equal(restaurantLabel(REAL), "Pho Real, 1 post");
  assert.equal(searchForText("  pho "), "Search for “pho”");
  assert.equal(searchError({ field: "q", message: "q must be at most 200 characters long" }),
    "The search must be at most 200 characters long.");
  assert.equal(searchError({ message: "quota reached." }), "Quota reached.");
  assert.equal(searchError({}), "The search was refused.");
});
