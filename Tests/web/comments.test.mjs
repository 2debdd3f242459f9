// Comments, checked without a browser: the heading's count, when a comment was written (and
// "edited"'s tooltip), the live region's words, who may delete, what is refused before and by
// the server in words, the keys that send; and the list of comments shown: pages before, new
// ones after, each once however it arrives, deletions.
import assert from "node:assert/strict";
import test from "node:test";

import { CommentList } from "../../Web/app/comment-list.js";
import {
  COMMENT_LIMIT, bodyProblem, canDelete, commentRefusal, commentsHeading, deleteLabel,
  editedTitle, isApple, isSendKey, momentText, momentTitle, newCommentText, sendHint,
} from "../../Web/app/comment-text.js";
import { formatDay } from "../../Web/app/format.js";

const comment = (id, author = { id: 2, username: "ben" }) => ({
  id, postId: 7, author, body: `Comment ${id}`, createdAt: "2026-11-21T12:40:00Z",
});

test("the heading counts the post's comments", () => {
  assert.equal(commentsHeading(0), "Comments (0)");
  assert.equal(commentsHeading(3), "Comments (3)");
  assert.equal(commentsHeading(undefined), "Comments (0)");
  assert.equal(commentsHeading(-1), "Comments (0)");
});

test("a comment's time is its day, as a meal date is written, and the time of day", () => {
  const iso = "2026-11-21T12:40:00Z";
  const moment = new Date(iso);
  const day = `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, "0")}-`
    + String(moment.getDate()).padStart(2, "0");
  const now = new Date(2026, 11, 1);
  const text = momentText(iso, now, "en-GB");
  assert.ok(text.startsWith(`${formatDay(day, now)}, `), text);
  assert.match(text, /\d{1,2}:\d{2}$/);
  // Another year says its year.
  assert.match(momentText(iso, new Date(2027, 0, 5), "en-GB"), /2026/);
  assert.match(momentTitle(iso, "en-GB"), /2026/);
  assert.equal(editedTitle(iso, now, "en-GB"), `Edited ${text}`);
  assert.equal(momentText("not a date"), "not a date");
  assert.equal(momentTitle("not a date"), "not a date");
});

test("the live region names a new comment's writer; Delete names whose comment", () => {
  assert.equal(newCommentText("mina"), "New comment from @mina");
  assert.equal(deleteLabel("mina"), "Delete comment by @mina");
  assert.ok(deleteLabel("x").startsWith("Delete"));  // its visible text first
});

test("a comment may be deleted by its writer and by the post's author, no one else", () => {
  const post = { author: { id: 1, username: "ana" } };
  const ben = { id: 2 };
  assert.equal(canDelete(comment(1), post, ben), true);
  assert.equal(canDelete(comment(1), post, { id: 1 }), true);
  assert.equal(canDelete(comment(1, { id: 1, username: "ana" }), post, ben), false);
  assert.equal(canDelete(comment(1), post, { id: 3 }), false);
  assert.equal(canDelete(comment(1), post, null), false);
});

test("an empty or too long comment is refused before sending, counted as the server does", () => {
  assert.equal(COMMENT_LIMIT, 1000);
  assert.equal(bodyProblem(""), "Write a comment first.");
  assert.equal(bodyProblem("  \n "), "Write a comment first.");
  assert.equal(bodyProblem("a".repeat(1000)), "");
  assert.equal(bodyProblem("a".repeat(1001)),
    "A comment has at most 1,000 characters: this one has 1,001.");
  // An emoji with its skin tone is one character; line breaks are allowed.
  assert.equal(bodyProblem("👍🏽".repeat(1000)), "");
  assert.equal(bodyProblem("Good\n\nvery good"), "");
});

test("the server's refusals read as sentences, a block in words", () => {
  assert.equal(commentRefusal({ status: 403, message: "forbidden" }),
    "The author has blocked you: you cannot comment on their posts.");
  assert.match(commentRefusal({ status: 401 }), /Sign in to comment/);
  assert.match(commentRefusal({ status: 404 }), /no longer there/);
  assert.match(commentRefusal({ status: 0 }), /cannot be reached/);
  assert.equal(commentRefusal({ status: 400,
    message: "body must not contain invisible or direction-changing characters" }),
  "Comment must not contain invisible or direction-changing characters.");
  assert.equal(commentRefusal({ status: 429, message: "too many comment requests: retry in 5 s" }),
    "Too many comment requests: retry in 5 s.");
});

test("Ctrl+Enter or ⌘+Enter sends; Enter alone is a new line", () => {
  assert.equal(isSendKey({ key: "Enter", ctrlKey: true }), true);
  assert.equal(isSendKey({ key: "Enter", metaKey: true }), true);
  assert.equal(isSendKey({ key: "Enter" }), false);
  assert.equal(isSendKey({ key: "Enter", shiftKey: true }), false);
  assert.equal(isSendKey({ key: "a", ctrlKey: true }), false);
  assert.equal(isSendKey({ key: "Enter", ctrlKey: true, isComposing: true }), false);
  assert.equal(isApple("MacIntel"), true);
  assert.equal(isApple("iPhone"), true);
  assert.equal(isApple("Linux x86_64"), false);
  assert.equal(sendHint("MacIntel"), "Enter starts a new line; ⌘+Enter sends.");
  assert.equal(sendHint("Win32"), "Enter starts a new line; Ctrl+Enter sends.");
});

test("the list shows each comment once, earlier pages before, new ones after", () => {
  const list = new CommentList();
  assert.deepEqual(list.add([comment(21), comment(22)]).map(({ index }) => index), [0, 1]);
  // One's own comment, sent here, then back through the stream: once.
  assert.deepEqual(list.add([comment(23)]), [{ comment: comment(23), index: 2 }]);
  assert.deepEqual(list.add([comment(23)]), []);
  assert.equal(list.length, 3);
  // An earlier page goes before; what is already shown is not repeated.
  assert.deepEqual(list.prepend([comment(19), comment(20), comment(21)]).map(({ id }) => id),
    [19, 20]);
  assert.deepEqual(list.items.map(({ id }) => id), [19, 20, 21, 22, 23]);
  // A late arrival goes in its place by id.
  assert.deepEqual(list.add([comment(24), comment(18.5)]).map(({ index }) => index), [5, 0]);
  assert.deepEqual(list.items.map(({ id }) => id), [18.5, 19, 20, 21, 22, 23, 24]);
  assert.equal(list.has(22), true);
  assert.equal(list.remove(22), 4);
  assert.equal(list.has(22), false);
  assert.equal(list.remove(22), -1);  // the stream's uncomment after one's own delete
  assert.deepEqual(list.items.map(({ id }) => id), [18.5, 19, 20, 21, 23, 24]);
  // Taken out, it may be shown again: a page read later still has it.
  assert.equal(list.add([comment(22)]).length, 1);
  assert.deepEqual(new CommentList().add([]), []);
  assert.deepEqual(new CommentList().prepend(undefined), []);
});
