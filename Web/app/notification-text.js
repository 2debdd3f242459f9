// The notifications page in words (notifications.js): each group's sentence ("cat and ben
// liked your Pasta La Vista photo", "mina and 3 others liked…", "A moderator removed your
// Sushi Zen photo after reports", "A moderator removed your comment “So good” on the Pho Real
// post"), as parts the page turns into links, and when it happened ("5 minutes ago",
// "yesterday", "3 Nov"). Pure: no DOM.
import { excerpt } from "./titles.js";

/**
 * One group of the viewer's notifications, as the server sends it.
 * @typedef {{id: number, username: string}} Person
 * @typedef {{kind: "like" | "comment" | "save" | "moderation",
 *   post: {id: number, restaurant: string, caption: string, photo: object},
 *   people: Person[], peopleCount: number, latestAt: string, unread: boolean,
 *   excerpt?: string, comment?: string}} NotificationGroup
 *   A moderation group with `comment` is about the viewer's comment of that text, under
 *   `post` (perhaps someone else's); without, about the viewer's own post.
 */

/**
 * A part of a sentence: plain text, a person (a link to their profile) or the post (a link to
 * it).
 * @typedef {{text: string} | {person: Person} | {post: string}} Part
 */

const VERBS = { like: "liked", comment: "commented on", save: "saved" };
/** The longest comment quoted in a sentence, in characters. */
export const QUOTE_LIMIT = 80;
/** The longest of the viewer's own comments quoted in a moderator's decision on it. */
export const OWN_QUOTE_LIMIT = 60;

/** "your Pasta La Vista photo", or "your photo" for a post without a restaurant's name. */
export function photoName(post) {
  const restaurant = String(post?.restaurant ?? "").trim();
  return restaurant ? `your ${restaurant} photo` : "your photo";
}

/**
 * Who did it: "mina", "mina and ben", "mina and 2 others" (the people newest first;
 * `peopleCount` counts them all, `people` names at most three).
 * @returns {Part[]}
 */
export function peopleParts(people, peopleCount = people.length) {
  const count = Math.max(peopleCount, people.length);
  const [first, second] = people;
  if (!first) return [{ text: count === 1 ? "Someone" : `${count} people` }];
  if (count === 1) return [{ person: first }];
  if (count === 2 && second) return [{ person: first }, { text: " and " }, { person: second }];
  const others = count - 1;
  return [{ person: first }, { text: ` and ${others} ${others === 1 ? "other" : "others"}` }];
}

/**
 * A group's sentence as parts: "mina and ben liked your Pasta La Vista photo", "mina
 * commented on your Pho Real photo: “So good”", "A moderator removed your Sushi Zen photo
 * after reports".
 * @param {NotificationGroup} group
 * @returns {Part[]}
 */
export function sentenceParts(group) {
  const post = { post: photoName(group.post) };
  if (group.kind === "moderation" && group.comment != null) return commentDecision(group);
  if (group.kind === "moderation") {
    return group.excerpt === "restore"
      ? [{ text: "A moderator restored " }, post]
      : [{ text: "A moderator removed " }, post, { text: " after reports" }];
  }
  const verb = VERBS[group.kind] ?? "reacted to";
  const parts = [...peopleParts(group.people ?? [], group.peopleCount), { text: ` ${verb} ` },
    post];
  const quoted = group.kind === "comment" ? excerpt(group.excerpt ?? "", QUOTE_LIMIT) : "";
  if (quoted) parts.push({ text: `: “${quoted}”` });
  return parts;
}

/** "the Pho Real post", or "the post" for a post without a restaurant's name: the post a
 * comment was under, perhaps not the viewer's. */
export function postName(post) {
  const restaurant = String(post?.restaurant ?? "").trim();
  return restaurant ? `the ${restaurant} post` : "the post";
}

/**
 * A moderator's decision on the viewer's comment: "A moderator removed your comment “So
 * good” on the Pho Real post", "A moderator reviewed your comment “So good” on the Pho Real
 * post and kept it".
 * @param {NotificationGroup} group
 * @returns {Part[]}
 */
export function commentDecision(group) {
  const quoted = excerpt(group.comment ?? "", OWN_QUOTE_LIMIT);
  const comment = quoted ? `your comment “${quoted}”` : "your comment";
  const post = { post: postName(group.post) };
  return group.excerpt === "restore"
    ? [{ text: `A moderator reviewed ${comment} on ` }, post, { text: " and kept it" }]
    : [{ text: `A moderator removed ${comment} on ` }, post];
}

/** A part's words: a person by their name. */
export function partText(part) {
  if ("person" in part) return part.person.username;
  return "post" in part ? part.post : part.text;
}

/** A group's sentence as one string. */
export function sentenceText(group) {
  return sentenceParts(group).map(partText).join("");
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When `moment` (an ISO date) was, from `now`: "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "4 days ago", then the date in the reader's locale ("3 Nov", with the year when
 * it is not this year's). A moment in the future (a clock ahead) is "just now".
 */
export function timeText(moment, now = new Date()) {
  const then = new Date(moment);
  const ago = now.getTime() - then.getTime();
  if (Number.isNaN(ago)) return "";
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return countAgo(Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return countAgo(Math.floor(ago / HOUR), "hour");
  const days = calendarDays(then, now);
  if (days <= 1) return "yesterday";
  if (days < 7) return countAgo(days, "day");
  const options = { day: "numeric", month: "short" };
  if (then.getFullYear() !== now.getFullYear()) options.year = "numeric";
  return new Intl.DateTimeFormat(undefined, options).format(then);
}

function countAgo(count, unit) {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/** How many calendar days (in the reader's time zone) lie between `then` and `now`. */
function calendarDays(then, now) {
  const day = (date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((day(now) - day(then)) / DAY);
}
