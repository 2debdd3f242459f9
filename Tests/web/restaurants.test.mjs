// Restaurants as places (issue 26), checked without a browser: a restaurant in words (a link's
// name, a cell's line, a title, the Post form's suggestions), the /r/{id} route, the Post
// form's rules for the area, and the type-ahead's state: which option is active after which
// keys, the query a text asks, the debounce and the latest-answer guard.
import assert from "node:assert/strict";
import test from "node:test";

import { ComboboxState, Latest, QUERY_LIMIT, debounce, optionsFor, queryFor }
  from "../../Web/app/combobox-state.js";
import { areaSuffix, newPlaceText, placeLabel, placePath, postsText, suggestionText }
  from "../../Web/app/place-text.js";
import { problems } from "../../Web/app/post-page.js";
import { routeOf } from "../../Web/app/router.js";
import { placeTitle, titleAt, titleFor } from "../../Web/app/titles.js";

const PHO = { id: 1, name: "Phở 24", area: "Mitte", postCount: 3 };
const NOODLE = { id: 2, name: "Pho Noodle Bar", area: "", postCount: 1 };

test("a restaurant in words: link name, cell line, count, title", () => {
  assert.equal(placeLabel("Phở 24", "Mitte"), "Phở 24, Mitte");
  assert.equal(placeLabel("Phở 24", ""), "Phở 24");
  assert.equal(placeLabel("Phở 24", "   "), "Phở 24");
  assert.equal(placeLabel("Phở 24", undefined), "Phở 24");
  assert.equal(areaSuffix("Mitte"), " · Mitte");
  assert.equal(areaSuffix(""), "");
  assert.equal(areaSuffix(null), "");
  assert.deepEqual([0, 1, 2, 21].map(postsText), ["0 posts", "1 post", "2 posts", "21 posts"]);
  assert.equal(placePath(12), "/r/12");
  assert.equal(placeTitle(PHO), "Phở 24, Mitte · LOTs");
  assert.equal(placeTitle(NOODLE), "Pho Noodle Bar · LOTs");
  assert.equal(titleFor(routeOf("/r/12")), "Restaurant · LOTs");
});

test("a page is titled only while it is the page shown", () => {
  const saved = [globalThis.location, globalThis.document];
  try {
    globalThis.document = { title: "Phở 24, Mitte · LOTs" };
    globalThis.location = { pathname: "/" };
    // An answer for the restaurant's page lands after Back: Main keeps its title.
    titleAt("/r/1", "Late · LOTs");
    assert.equal(document.title, "Phở 24, Mitte · LOTs");
    globalThis.location = { pathname: "/r/1" };
    titleAt("/r/1", placeTitle(PHO));
    assert.equal(document.title, placeTitle(PHO));
    // Not a prefix: /r/12 is another page than /r/1.
    globalThis.location = { pathname: "/r/12" };
    titleAt("/r/1", "Other · LOTs");
    assert.equal(document.title, placeTitle(PHO));
  } finally {
    [globalThis.location, globalThis.document] = saved;
  }
});

test("/r/{id} is a restaurant's page; anything else like it is not", () => {
  assert.deepEqual(routeOf("/r/12"), { name: "place", params: ["12"] });
  assert.deepEqual(routeOf("/r/12?from=feed"), { name: "place", params: ["12"] });
  for (const path of ["/r/", "/r/0", "/r/012", "/r/abc", "/r/12/", "/r/1/posts",
    "/r/1234567890123456789"]) {
    assert.equal(routeOf(path).name, "missing", path);
  }
});

test("each suggestion says name, area and count; the last adds the typed name", () => {
  assert.equal(suggestionText(PHO), "Phở 24 — Mitte (3 posts)");
  assert.equal(suggestionText(NOODLE), "Pho Noodle Bar (1 post)");
  assert.equal(newPlaceText("  Pho Real "), "Add “Pho Real” as a new restaurant");
  const options = optionsFor(" pho ", [PHO, NOODLE]);
  assert.deepEqual(options.map((option) => option.text), ["Phở 24 — Mitte (3 posts)",
    "Pho Noodle Bar (1 post)", "Add “pho” as a new restaurant"]);
  assert.equal(options[0].restaurant, PHO);
  assert.deepEqual(options[2], { kind: "new", text: "Add “pho” as a new restaurant", name: "pho" });
  assert.deepEqual(optionsFor("pho", []), [], "nothing matched: a new name is simply typed");
  assert.deepEqual(optionsFor("   ", [PHO]), []);
});

test("a query is the trimmed text, none when blank or longer than the server answers", () => {
  assert.equal(queryFor("  pho "), "pho");
  assert.equal(queryFor(""), null);
  assert.equal(queryFor("   "), null);
  assert.equal(queryFor(undefined), null);
  assert.equal(queryFor("a".repeat(QUERY_LIMIT)), "a".repeat(QUERY_LIMIT));
  assert.equal(queryFor("a".repeat(QUERY_LIMIT + 1)), null);
  assert.equal(queryFor("ở".repeat(QUERY_LIMIT)), "ở".repeat(QUERY_LIMIT), "characters, not bytes");
});

test("Down and Up open the list and move through it, wrapping; Enter picks; Escape closes", () => {
  const state = new ComboboxState();
  assert.equal(state.key("ArrowDown"), null, "no options: the key is the input's");
  state.show(optionsFor("pho", [PHO, NOODLE]));
  assert.equal(state.open, true);
  assert.equal(state.active, -1);
  assert.equal(state.key("Enter"), null, "nothing active: the form is sent");
  assert.equal(state.open, false, "and the list closes");
  assert.equal(state.key("ArrowDown"), "opened");
  assert.equal(state.active, 0);
  const moves = ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp", "ArrowUp", "ArrowUp"]
    .map((key) => (state.key(key), state.active));
  assert.deepEqual(moves, [1, 2, 0, 2, 1, 0]);
  assert.equal(state.key("ArrowDown"), "moved");
  assert.equal(state.key("Enter"), "picked");
  assert.equal(state.activeOption.restaurant, NOODLE);
  assert.equal(state.key("Escape"), "closed");
  assert.equal(state.activeOption, null);
  assert.equal(state.key("Escape"), null, "closed already: the key goes on");
  assert.equal(state.key("ArrowUp"), "opened");
  assert.equal(state.activeOption.kind, "new", "Up opens at the last option");
  state.close();
  assert.equal(state.key("ArrowDown", { altKey: true }), "opened");
  assert.equal(state.active, -1, "Alt+Down opens without moving into the list");
  assert.equal(state.key("ArrowUp", { altKey: true }), "closed");
  state.key("ArrowDown");
  assert.equal(state.key("ArrowUp", { altKey: true }), "picked", "Alt+Up takes the active one");
  for (const key of ["a", "Home", "End", "ArrowLeft", "Tab"]) assert.equal(state.key(key), null);
  state.clear();
  assert.deepEqual([state.options, state.open, state.active], [[], false, -1]);
  assert.equal(state.key("ArrowDown"), null);
});

test("one option: Down and Up stay on it", () => {
  const state = new ComboboxState();
  state.show([{ kind: "new", text: "Add “x” as a new restaurant", name: "x" }]);
  state.key("ArrowDown");
  state.key("ArrowDown");
  assert.equal(state.active, 0);
  state.key("ArrowUp");
  assert.equal(state.active, 0);
});

/** A clock that runs when told: setTimeout and clearTimeout for `debounce`. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map();
  return {
    setTimeout(fn, wait) { timers.set(next, { at: now + wait, fn }); return next++; },
    clearTimeout(id) { timers.delete(id); },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.fn();
      }
    },
  };
}

test("a burst of keystrokes asks once, with the last text, after the pause", () => {
  const clock = fakeClock();
  const asked = [];
  const ask = debounce((text) => asked.push(text), 200, clock);
  for (const text of ["p", "ph", "pho"]) {
    ask(text);
    clock.advance(199);
  }
  assert.deepEqual(asked, []);
  clock.advance(1);
  assert.deepEqual(asked, ["pho"]);
  ask("pho 2");
  clock.advance(100);
  ask.cancel();
  clock.advance(500);
  assert.deepEqual(asked, ["pho"], "cancelled: never asked");
  ask("x");
  ask("xy");
  clock.advance(200);
  assert.deepEqual(asked, ["pho", "xy"]);
});

test("only the latest request's answer is used", () => {
  const latest = new Latest();
  const first = latest.next();
  assert.equal(latest.isLatest(first), true);
  const second = latest.next();
  assert.equal(latest.isLatest(first), false);
  assert.equal(latest.isLatest(second), true);
  latest.next();  // the text changed: no answer in flight is shown
  assert.equal(latest.isLatest(second), false);
});

test("the Post form checks the area as the server does: 0 to 60 characters", () => {
  const photo = { size: 1000, type: "image/jpeg" };
  const base = { photo, caption: "", restaurant: "Phở 24", mealDate: "2024-05-01" };
  assert.deepEqual(problems(base), {});
  assert.deepEqual(problems({ ...base, area: "" }), {});
  assert.deepEqual(problems({ ...base, area: "ở".repeat(60) }), {});
  assert.deepEqual(problems({ ...base, area: "a".repeat(61) }),
    { area: "Area must be 0 to 60 characters long." });
  assert.deepEqual(problems({ ...base, restaurant: " " }),
    { restaurant: "Restaurant must be 1 to 100 characters long." });
});
