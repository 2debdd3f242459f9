// Comments in words, wherever a post's page shows them: the heading's count ("Comments (3)"),
// when one was written ("Sat 21 Nov, 12:40", and in full for a tooltip), what a polite live
// region says of a new one, why one cannot be sent (the server's refusals as a person reads
// them), and the keys that send one. Also when a moment is "edited" on a post. Pure: no DOM.
import { dayOf, formatDay } from "./format.js";
import { characterCount } from "./char-counter.js";
import { sentence } from "./messages.js";

/** The most characters of a comment, as the server counts them. */
export const COMMENT_LIMIT = 1000;

/**
 * A comment, as the server sends it.
 * @typedef {{id: number, postId: number, author: {id: number, username: string},
 *   body: string, createdAt: string}} Comment
 */

/** "Comments (3)", "Comments (0)". */
export function commentsHeading(count) {
  return `Comments (${Math.max(0, Number(count) || 0)})`;
}

const clock = (locale) => new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" });

/**
 * When `iso` happened, in the reader's locale and time zone: its day as a meal date is written
 * (format.js `formatDay`: "Sat 21 Nov", the year when not `now`'s) and its time: "Sat 21 Nov,
 * 12:40". Text that is not a date is returned as it is.
 */
export function momentText(iso, now = new Date(), locale = undefined) {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return String(iso ?? "");
  return `${formatDay(dayOf(moment), now)}, ${clock(locale).format(moment)}`;
}

/** The moment in full, for a tooltip: "Saturday 21 November 2026 at 12:40". */
export function momentTitle(iso, locale = undefined) {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return String(iso ?? "");
  return new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short" })
    .format(moment);
}

/** What an edited post's "edited" says on hover: "Edited Sat 21 Nov, 12:40". */
export function editedTitle(iso, now = new Date(), locale = undefined) {
  return `Edited ${momentText(iso, now, locale)}`;
}

/** What the live region says of someone else's new comment: "New comment from @mina". */
export function newCommentText(username) {
  return `New comment from @${username}`;
}

/** A comment's Delete button's name: "Delete comment by @mina" (its text, "Delete", first). */
export function deleteLabel(username) {
  return `Delete comment by @${username}`;
}

/** Whether `user` may delete `comment` under `post`: it is theirs, or the post is. */
export function canDelete(comment, post, user) {
  if (!user) return false;
  return comment.author?.id === user.id || post.author?.id === user.id;
}

/** What is wrong with a comment before it is sent, as the server would see it, or "". */
export function bodyProblem(text) {
  const count = characterCount(String(text ?? ""));
  if (count === 0) return "Write a comment first.";
  if (count > COMMENT_LIMIT) {
    return `A comment has at most 1,000 characters: this one has ${count.toLocaleString("en")}.`;
  }
  return "";
}

/**
 * Why a comment was not taken, in words, from api.js's failure (its `status` and the
 * server's message): blocked by the author (403), signed out (401), the post gone (404), the
 * text refused (400: the server's words, "comment" for its field's name "body"), no network.
 */
export function commentRefusal(failure) {
  switch (failure?.status) {
    case 403: return "The author has blocked you: you cannot comment on their posts.";
    case 401: return "You are signed out. Sign in to comment.";
    case 404: return "This post is no longer there: the comment was not sent.";
    case 0: return "The server cannot be reached. Your comment is kept: send it again.";
    default:
      return sentence(String(failure?.message ?? "the comment was not sent")
        .replace(/^body\b/, "comment"));
  }
}

/** Whether `platform` (navigator's) is Apple's, where ⌘ stands for Ctrl. */
export function isApple(platform) {
  return /mac|iphone|ipad|ipod/i.test(String(platform ?? ""));
}

/** The comment field's hint: Enter is a new line, Ctrl+Enter (⌘+Enter) sends. */
export function sendHint(platform) {
  return `Enter starts a new line; ${isApple(platform) ? "⌘" : "Ctrl"}+Enter sends.`;
}

/** Whether a keydown (its key and modifiers) sends the comment: Ctrl+Enter or ⌘+Enter. */
export function isSendKey({ key, ctrlKey, metaKey, isComposing }) {
  return key === "Enter" && Boolean(ctrlKey || metaKey) && !isComposing;
}
