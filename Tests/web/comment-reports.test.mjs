// Reporting a comment and deciding on it, in words, without a browser: who may report and the
// button's name, what is wrong with a reason before it is sent and the server's refusals
// (Web/app/comment-report-text.js); a comment's item in the moderators' queue, its buttons,
// where its decision goes, what it did and the audit trail's words (moderation-text.js); and
// the writer's notification of the decision (notification-text.js).
import assert from "node:assert/strict";
import test from "node:test";

import {
  REASON_LIMIT, REPORTED, canReport, reasonProblem, reportLabel, reportRefusal,
} from "../../Web/app/comment-report-text.js";
import {
  decidedText, decisionButtons, decisionPath, itemTitle, logAction, logSubject, postOf,
  reportCount, stateText,
} from "../../Web/app/moderation-text.js";
import {
  OWN_QUOTE_LIMIT, commentDecision, partText, postName, sentenceParts, sentenceText,
} from "../../Web/app/notification-text.js";

const ana = { id: 1, username: "ana" };
const ben = { id: 2, username: "ben" };
const post = { id: 12, restaurant: "Pho Real", caption: "Steaming bowl", author: ana,
  photo: { thumbnailURL: "/t.jpg" } };
const comment = { id: 5, postId: 12, author: ben, body: "Buy followers at example.com",
  createdAt: "2026-11-21T12:40:00Z" };

test("someone signed in may report another's comment, not their own", () => {
  assert.equal(canReport(comment, ana), true);
  assert.equal(canReport(comment, ben), false);
  assert.equal(canReport(comment, null), false);
  assert.equal(reportLabel("ben"), "Report comment by @ben");
  assert.equal(REPORTED, "Reported. A moderator will look at it.");
});

test("a reason is 1 to 500 characters, as the server counts them", () => {
  assert.equal(reasonProblem("spam"), "");
  assert.equal(reasonProblem(""), "Say why this comment should be reviewed.");
  assert.equal(reasonProblem("   \n "), "Say why this comment should be reviewed.");
  assert.equal(reasonProblem(undefined), "Say why this comment should be reviewed.");
  assert.equal(reasonProblem("x".repeat(REASON_LIMIT)), "");
  assert.equal(reasonProblem(`  ${"x".repeat(REASON_LIMIT)}\n `), "",
    "spaces around it are not counted");
  assert.equal(reasonProblem("x".repeat(REASON_LIMIT + 1)),
    "A reason has at most 500 characters: this one has 501.");
  // A letter and its accent, or a flag, count once.
  assert.equal(reasonProblem("🇩🇪".repeat(REASON_LIMIT)), "");
  assert.equal(reasonProblem("e\u0301".repeat(REASON_LIMIT + 1000)),
    "A reason has at most 500 characters: this one has 1,500.");
});

test("the server's refusals of a report, in words", () => {
  assert.equal(reportRefusal({ status: 404, message: "not found" }),
    "This comment is no longer there: nothing to report.");
  assert.equal(reportRefusal({ status: 403, message: "blocked" }),
    "Its writer has blocked you: you cannot report their comments.");
  assert.equal(reportRefusal({ status: 401 }), "You are signed out. Sign in to report a comment.");
  assert.equal(reportRefusal({ status: 400, message: "you cannot report your own comment" }),
    "You cannot report your own comment.");
  assert.equal(reportRefusal({ status: 400, field: "reason",
    message: "reason must not contain invisible characters" }),
  "Reason must not contain invisible characters.");
  assert.equal(reportRefusal({ status: 429, retryAfter: 4,
    message: "too many report requests: retry in 4 s" }),
  "Too many report attempts. Try again in 4 s.");
  assert.equal(reportRefusal({ status: 429, message: "slow down" }),
    "Too many reports at once. Try again in a minute.");
  assert.equal(reportRefusal({ status: 0 }),
    "The server cannot be reached. Your reason is kept: send it again.");
  assert.equal(reportRefusal({ status: 500 }), "The report was not sent.");
  assert.equal(reportRefusal(undefined), "The report was not sent.");
});

test("a queue item about a comment reads as one, a post's as before", () => {
  const postItem = { post, state: "pending", score: 3.2, reports: [] };
  const commentItem = { post, comment, state: "shown", score: 0.5, reports: [{}] };
  assert.equal(itemTitle(postItem), "Pho Real by @ana");
  assert.equal(itemTitle(commentItem), "Comment by @ben on @ana's Pho Real post");
  assert.equal(postOf({ ...post, restaurant: " " }), "@ana's post");
  assert.equal(stateText("pending"), "Hidden pending review");
  assert.equal(stateText("removed"), "Removed");
  assert.equal(stateText("shown"), "Shown");
  assert.equal(reportCount(0), "0 open reports");
  assert.equal(reportCount(1), "1 open report");
  assert.equal(reportCount(2), "2 open reports");
  assert.deepEqual(decisionButtons(postItem), [["restore", "Restore"], ["remove", "Remove"]]);
  assert.deepEqual(decisionButtons(commentItem),
    [["restore", "Keep comment"], ["remove", "Remove comment"]]);
  assert.deepEqual(decisionButtons({ ...commentItem, state: "removed" }),
    [["restore", "Restore comment"], ["remove", "Remove comment"]]);
  assert.equal(decisionPath(postItem), "/api/moderation/posts/12/decision");
  assert.equal(decisionPath(commentItem), "/api/moderation/comments/5/decision");
});

test("what a decision did, said once taken", () => {
  const postItem = { post, state: "shown", score: 1, reports: [] };
  const commentItem = { post, comment, state: "shown", score: 1, reports: [] };
  assert.equal(decidedText(postItem, "remove"), "Removed the post from Pho Real by @ana.");
  assert.equal(decidedText(postItem, "restore"), "Restored the post from Pho Real by @ana.");
  assert.equal(decidedText(commentItem, "remove"),
    "Removed the comment by @ben on @ana's Pho Real post.");
  assert.equal(decidedText(commentItem, "restore"),
    "Kept the comment by @ben on @ana's Pho Real post.");
  assert.equal(decidedText({ ...commentItem, state: "removed" }, "restore"),
    "Restored the comment by @ben on @ana's Pho Real post.");
});

test("the audit trail tells a comment's entries from a post's", () => {
  const entry = (action, more = {}) => ({ id: 1, postID: 12, action, note: "", score: 0,
    createdAt: "2026-11-21T12:40:00Z", ...more });
  assert.equal(logAction(entry("hide")), "Hidden by reports");
  assert.equal(logAction(entry("restore")), "Restored");
  assert.equal(logAction(entry("remove")), "Removed");
  assert.equal(logAction(entry("remove", { commentID: 5 })), "Comment removed");
  assert.equal(logAction(entry("restore", { commentID: 5 })), "Comment kept");
  assert.equal(logSubject(entry("remove")), "#12");
  assert.equal(logSubject(entry("remove", { commentID: 5 })), "Comment #5 on #12");
  assert.equal(logSubject(entry("remove", { commentID: null })), "#12");
});

const decision = (excerpt, more = {}) => ({ kind: "moderation", post, people: [],
  peopleCount: 0, latestAt: "2026-11-26T12:00:00Z", unread: true, excerpt,
  comment: "So good, I went back twice", ...more });

test("a moderator's decision on the reader's comment quotes it and names its post", () => {
  assert.equal(sentenceText(decision("remove")),
    "A moderator removed your comment “So good, I went back twice” on the Pho Real post");
  assert.equal(sentenceText(decision("restore")),
    "A moderator reviewed your comment “So good, I went back twice” on the Pho Real post "
      + "and kept it");
  // The post is the part the page links.
  assert.deepEqual(sentenceParts(decision("remove")), [
    { text: "A moderator removed your comment “So good, I went back twice” on " },
    { post: "the Pho Real post" }]);
  assert.deepEqual(commentDecision(decision("restore")).map(partText), [
    "A moderator reviewed your comment “So good, I went back twice” on ",
    "the Pho Real post", " and kept it"]);
  // Without `comment`, a decision on the reader's own post, as before.
  assert.equal(sentenceText(decision("remove", { comment: undefined })),
    "A moderator removed your Pho Real photo after reports");
  assert.equal(postName({ restaurant: "" }), "the post");
  assert.equal(sentenceText(decision("remove", { post: { ...post, restaurant: "" } })),
    "A moderator removed your comment “So good, I went back twice” on the post");
});

test("a long or many-line comment is quoted on one line, cut at a word", () => {
  const long = `First line\nsecond line ${"delicious ".repeat(20)}end`;
  const text = sentenceText(decision("remove", { comment: long }));
  assert.match(text, /^A moderator removed your comment “First line second line delicious/);
  const quote = text.slice(text.indexOf("“") + 1, text.indexOf("”"));
  assert.ok(quote.endsWith("…"), quote);
  assert.ok([...quote].length <= OWN_QUOTE_LIMIT, `${[...quote].length} characters`);
  assert.ok(!quote.includes("\n"));
  // An empty text (nothing to quote) still makes a sentence; markup is only text.
  assert.equal(sentenceText(decision("remove", { comment: "" })),
    "A moderator removed your comment on the Pho Real post");
  assert.equal(sentenceText(decision("restore", { comment: "<img src=x onerror=alert(1)>" })),
    "A moderator reviewed your comment “<img src=x onerror=alert(1)>” on the Pho Real post "
      + "and kept it");
});
