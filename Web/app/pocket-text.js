// Pocket lists in words and numbers, wherever the app shows them: "3 places", what a list's
// card, its cover and a Save button are named, the rules of a list's name and note as the
// server counts them, where an entry goes after a drop ("right after" which entry), the
// reorder's announcements and the saved index's keys. Pure: no DOM, no requests.

import { descriptionOf } from "./photo-text.js";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** A list's name: 1–60 characters (as the server counts them: grapheme clusters). */
export const NAME_LIMIT = 60;
/** An entry's note: at most 500 characters. */
export const NOTE_LIMIT = 500;

/** How many characters `text` has, as the server counts them. */
export function characters(text) {
  let count = 0;
  for (const _ of graphemes.segment(String(text ?? ""))) count++;
  return count;
}

/** "1 place", "3 places". */
export function placesText(count) {
  return count === 1 ? "1 place" : `${count} places`;
}

/** What is wrong with a list's name (trimmed), or "" when nothing is. */
export function nameProblem(name) {
  const length = characters(String(name ?? "").trim());
  if (length === 0) return "Give the list a name.";
  if (length > NAME_LIMIT) return `A list's name is at most ${NAME_LIMIT} characters (this is ${length}).`;
  return "";
}

/** What is wrong with a note, or "" when nothing is. */
export function noteProblem(note) {
  const length = characters(note);
  return length > NOTE_LIMIT ? `A note is at most ${NOTE_LIMIT} characters (this is ${length}).`
    : "";
}

/** A list's card, as a screen reader says it: "Date night, 3 places, shared". */
export function cardLabel(list) {
  return `${list.name}, ${placesText(list.entryCount)}${list.shared ? ", shared" : ""}`;
}

/** A list's cover photo in words: its description, else "Cover photo of Date night". */
export function coverAlt(list) {
  return descriptionOf(list.cover) || `Cover photo of ${list.name}`;
}

/** The saved index's key of a thing: "p12" for post 12, "r5" for restaurant 5. */
export function keyOf(target) {
  return target.postId != null ? `p${target.postId}` : `r${target.restaurantId}`;
}

/** The thing an entry holds, as `keyOf` takes it: `{postId}` or `{restaurantId}`. */
export function targetOf(entry) {
  if (entry.post) return { postId: entry.post.id };
  return { restaurantId: entry.restaurant?.id };
}

/** What an entry is called: "Phở 24" (a post's restaurant, or the restaurant). */
export function entryName(entry) {
  return entry.post?.restaurant ?? entry.restaurant?.name ?? "Entry";
}

/**
 * Where an entry dropped at index `to` goes, as the server's move takes it: right after the
 * entry now before it (`ids` is the order after the drop), or null when it is first.
 * @param {number[]} ids  entry ids in their new order
 * @param {number} to  the dropped entry's index in `ids`
 * @returns {number|null}
 */
export function afterFor(ids, to) {
  if (!Number.isInteger(to) || to < 0 || to >= ids.length) {
    throw new RangeError(`no entry at ${to} of ${ids.length}`);
  }
  return to === 0 ? null : ids[to - 1];
}

/** `items` with the one at `from` moved to `to` (a new array). */
export function moved(items, from, to) {
  const result = items.slice();
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item);
  return result;
}

/**
 * The reorder's announcements (DragReorder's `messages`) for a list whose entry at a
 * position (from 1) is named by `nameAt(position)` and which holds `count()` entries.
 */
export function reorderMessages(nameAt, count) {
  return {
    pickedUp: (position, total) => `Picked up ${nameAt(position)}, position ${position} of ${total}`,
    moved: (position, total) => `Moved to position ${position} of ${total}`,
    dropped: (position) => `Dropped at position ${position} of ${count()}`,
    cancelled: () => "Reorder cancelled",
    reverted: () => "Move undone: it is back where it was",
  };
}

/** "Saved to Want to try.", and the names of several lists: "Want to try and Date night". */
export function listNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** A list's address: "/lists/3"; a shared one's: "/s/{token}". */
export const listPath = (id) => `/lists/${id}`;
export const sharedPath = (token) => `/s/${token}`;
