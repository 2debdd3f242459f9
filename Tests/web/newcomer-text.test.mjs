// The words a newcomer reads (issue 25), checked without a browser: a meal date as a local
// calendar day in the reader's locale; the server's messages as sentences and a limit's
// countdown; each page's title as the server writes it; a text field's room left.
import assert from "node:assert/strict";
import test from "node:test";

import { characterCount, roomLeft } from "../../Web/app/char-counter.js";
import { dayOf, formatDay } from "../../Web/app/format.js";
import { explain, retryMessage, sentence } from "../../Web/app/messages.js";
import { excerpt, postTitle, titleFor } from "../../Web/app/titles.js";

const inLocale = (options) => new Intl.DateTimeFormat(undefined, options);

test("a meal date is its own calendar day, with the year only when not this year's", () => {
  const now = new Date(2026, 10, 27, 23, 59);
  const day = new Date(2026, 10, 26);
  const short = { weekday: "short", day: "numeric", month: "short" };
  assert.equal(formatDay("2026-11-26", now), inLocale(short).format(day));
  assert.equal(formatDay("2025-11-26", now),
    inLocale({ ...short, year: "numeric" }).format(new Date(2025, 10, 26)));
  for (const text of ["", "26/11/2026", "2026-11-26T10:00:00Z", undefined]) {
    assert.equal(formatDay(text, now), text);
  }
  assert.equal(dayOf(new Date(2026, 0, 5, 0, 1)), "2026-01-05");
  assert.equal(dayOf(new Date(2026, 11, 31, 23, 59)), "2026-12-31");
});

test("the server's messages read as sentences", () => {
  assert.equal(sentence("username or password is incorrect"),
    "Username or password is incorrect.");
  assert.equal(sentence("mealDate must be a date written YYYY-MM-DD"),
    "Meal date must be a date written YYYY-MM-DD.");
  assert.equal(sentence("currentPassword is wrong"), "Current password is wrong.");
  assert.equal(sentence("Already a sentence."), "Already a sentence.");
  assert.equal(sentence("is it?"), "Is it?");
  assert.equal(sentence(""), "");
  assert.equal(sentence(undefined), "");
});

test("a limit counts down in words", () => {
  const said = "too many sign-in requests: retry in 5 s";
  assert.equal(retryMessage(said, 4), "Too many sign-in attempts. Try again in 4 s.");
  assert.equal(retryMessage("slow down: retry in 9 s", 1), "Slow down. Try again in 1 s.");
  assert.equal(explain(Object.assign(new Error(said), { retryAfter: 4.2 })),
    "Too many sign-in attempts. Try again in 5 s.");
  assert.equal(explain(new Error("post not found")), "Post not found.");
});

test("each route has the title the server gives its page", () => {
  const title = (name, ...params) => titleFor({ name, params });
  assert.equal(title("main"), "LOTs — Lunch Of Today");
  assert.equal(title("inspire"), "Inspire · LOTs");
  assert.equal(title("likes"), "Your likes · LOTs");
  assert.equal(title("post"), "New post · LOTs");
  assert.equal(title("account"), "Account · LOTs");
  assert.equal(title("signin"), "Sign in · LOTs");
  assert.equal(title("signup"), "Sign up · LOTs");
  assert.equal(title("missing"), "Not found · LOTs");
  assert.equal(title("profile", "ana"), "@ana · LOTs");
  assert.equal(title("profile", "j%C3%B6rg"), "@jörg · LOTs");
  assert.equal(title("profile", "%E0"), "@%E0 · LOTs", "a malformed escape as written");
});

test("a post's title: restaurant, the caption's start cut at a word, author", () => {
  const post = (caption) => ({ restaurant: "Pasta La Vista", caption,
    author: { username: "jonas" } });
  assert.equal(postTitle(post("Pho")), "Pasta La Vista — Pho by @jonas · LOTs");
  assert.equal(postTitle(post("")), "Pasta La Vista by @jonas · LOTs");
  assert.equal(postTitle(post("Pho with extra basil, lime and a spoonful of chilli oil")),
    "Pasta La Vista — Pho with extra basil, lime and a… by @jonas · LOTs");
  assert.equal(excerpt("a\n\nb", 40), "a b");
  assert.equal(excerpt("x".repeat(41), 40), `${"x".repeat(39)}…`);
  assert.equal(excerpt("x".repeat(40), 40), "x".repeat(40));
  assert.equal(excerpt(`${"a".repeat(30)}, ${"b".repeat(20)}`, 40), `${"a".repeat(30)}…`);
  assert.equal(excerpt("🍜".repeat(41), 40), `${"🍜".repeat(39)}…`, "characters, not units");
});

test("a field's room left shows near its limit only, as the server counts", () => {
  assert.equal(characterCount("  👍🏽 café  "), 6);  // trimmed; an emoji with its tone is one
  assert.equal(characterCount("cafe\u0301"), 4);  // NFC: é
  assert.equal(roomLeft(399, 500), "");
  assert.equal(roomLeft(400, 500), "100 characters left");
  assert.equal(roomLeft(488, 500), "12 characters left");
  assert.equal(roomLeft(499, 500), "1 character left");
  assert.equal(roomLeft(500, 500), "0 characters left");
  assert.equal(roomLeft(501, 500), "1 character too many");
  assert.equal(roomLeft(95, 100), "5 characters left");
});
