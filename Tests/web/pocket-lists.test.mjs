// Pocket lists (issue 26), checked without a browser: where a dropped entry goes ("right after"
// the entry now before it, or first), the list's words (counts, a card's name, announcements),
// the rules of a name and a note as the server counts them, the saved index's keys, the routes
// and titles.
import assert from "node:assert/strict";
import test from "node:test";

import { afterFor, cardLabel, characters, coverAlt, entryName, keyOf, listNames, listPath,
  moved, nameProblem, noteProblem, placesText, reorderMessages, sharedPath, targetOf }
  from "../../Web/app/pocket-text.js";
import { routeOf } from "../../Web/app/router.js";
import { listTitle, titleFor } from "../../Web/app/titles.js";

test("a drop goes right after the entry now before it, or first", () => {
  const ids = [11, 12, 13, 14];
  // Every move of every entry of 0, 1, 2, 3 and 21 entries: `after` names the neighbour the
  // server puts it behind, and replaying that on the old order gives the new one.
  for (const count of [1, 2, 3, 21]) {
    const order = Array.from({ length: count }, (_, i) => 100 + i);
    for (let from = 0; from < count; from++) {
      for (let to = 0; to < count; to++) {
        const after = moved(order, from, to);
        const anchor = afterFor(after, to);
        const rest = order.filter((id) => id !== order[from]);
        const at = anchor === null ? 0 : rest.indexOf(anchor) + 1;
        rest.splice(at, 0, order[from]);
        assert.deepEqual(rest, after, `${count} entries, ${from} → ${to}`);
      }
    }
  }
  assert.equal(afterFor(ids, 0), null);
  assert.equal(afterFor(ids, 3), 13);
  assert.throws(() => afterFor(ids, 4), RangeError);
  assert.throws(() => afterFor([], 0), RangeError);
  assert.throws(() => afterFor(ids, -1), RangeError);
  assert.throws(() => afterFor(ids, NaN), RangeError);
});

test("moved leaves the original alone", () => {
  const order = [1, 2, 3];
  assert.deepEqual(moved(order, 0, 2), [2, 3, 1]);
  assert.deepEqual(moved(order, 2, 0), [3, 1, 2]);
  assert.deepEqual(moved(order, 1, 1), [1, 2, 3]);
  assert.deepEqual(order, [1, 2, 3]);
});

test("a list in words", () => {
  assert.deepEqual([0, 1, 2, 21].map(placesText), ["0 places", "1 place", "2 places",
    "21 places"]);
  assert.equal(cardLabel({ name: "Date night", entryCount: 3, shared: true }),
    "Date night, 3 places, shared");
  assert.equal(cardLabel({ name: "Want to try", entryCount: 1, shared: false }),
    "Want to try, 1 place");
  assert.equal(coverAlt({ name: "Date night", cover: { description: "Tiramisu for two" } }),
    "Tiramisu for two");
  assert.equal(coverAlt({ name: "Date night", cover: { description: "" } }),
    "Cover photo of Date night");
  assert.equal(listNames([]), "");
  assert.equal(listNames(["Want to try"]), "Want to try");
  assert.equal(listNames(["A", "B", "C"]), "A, B and C");
  assert.equal(listPath(3), "/lists/3");
  assert.equal(sharedPath("abc"), "/s/abc");
  assert.equal(listTitle({ name: "Date night" }), "Date night · LOTs");
});

test("the reorder's announcements name the carried entry and count from 1", () => {
  const names = ["Phở 24", "Curry 36", "Sushi Zen"];
  const said = reorderMessages((position) => names[position - 1], () => names.length);
  assert.equal(said.pickedUp(1, 3), "Picked up Phở 24, position 1 of 3");
  assert.equal(said.moved(3, 3), "Moved to position 3 of 3");
  assert.equal(said.dropped(2), "Dropped at position 2 of 3");
  assert.equal(said.cancelled(), "Reorder cancelled");
  assert.match(said.reverted(), /back where it was/);
});

test("a name is 1–60 characters and a note at most 500, as the server counts them", () => {
  assert.equal(nameProblem(""), "Give the list a name.");
  assert.equal(nameProblem("   "), "Give the list a name.");
  assert.equal(nameProblem("Date night"), "");
  assert.equal(nameProblem("x".repeat(60)), "");
  assert.match(nameProblem("x".repeat(61)), /at most 60 characters \(this is 61\)/);
  // A flag or a family emoji is one character, as Swift counts it.
  assert.equal(characters("🇩🇪👨‍👩‍👧"), 2);
  assert.equal(nameProblem("👨‍👩‍👧".repeat(60)), "");
  assert.equal(noteProblem(""), "");
  assert.equal(noteProblem("é".repeat(500)), "");
  assert.match(noteProblem("a".repeat(501)), /at most 500/);
});

test("entries and the saved index's keys", () => {
  const post = { id: 7, note: "", post: { id: 12, restaurant: "Phở 24" } };
  const place = { id: 8, note: "Book", restaurant: { id: 5, name: "Curry 36" } };
  assert.deepEqual(targetOf(post), { postId: 12 });
  assert.deepEqual(targetOf(place), { restaurantId: 5 });
  assert.equal(keyOf(targetOf(post)), "p12");
  assert.equal(keyOf(targetOf(place)), "r5");
  assert.notEqual(keyOf({ postId: 5 }), keyOf({ restaurantId: 5 }));
  assert.equal(entryName(post), "Phở 24");
  assert.equal(entryName(place), "Curry 36");
  assert.equal(entryName({ id: 9 }), "Entry");
});

test("the routes and their titles", () => {
  assert.deepEqual(routeOf("/lists"), { name: "lists", params: [] });
  assert.deepEqual(routeOf("/lists/12"), { name: "list", params: ["12"] });
  assert.deepEqual(routeOf("/s/AbC-_9"), { name: "shared", params: ["AbC-_9"] });
  assert.equal(routeOf("/lists/0").name, "missing");
  assert.equal(routeOf("/lists/x").name, "missing");
  assert.equal(routeOf("/s/").name, "missing");
  assert.equal(routeOf("/s/a.b").name, "missing");
  assert.equal(titleFor({ name: "lists", params: [] }), "Your lists · LOTs");
});
