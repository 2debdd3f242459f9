// The header's bell (bell.js) as rules: which stream events may change the viewer's unread
// count (so the bell reads it again), and how the bell says it. Pure: no DOM.

/**
 * Whether `event` (one of the change stream's) may change the notifications of the person
 * whose id is `me`: a `notification` (sent to them alone: a save, a moderator's decision, or
 * read on another device); someone else's like or unlike of one of their posts (an `update`
 * that does not say `likedByMe`, which only the viewer's own like does); someone else's
 * comment on one of their posts, or a comment deleted there; a `reset` (events were missed).
 */
export function concernsBell(event, me) {
  if (me == null || !event) return false;
  if (event.kind === "notification" || event.kind === "reset") return true;
  if (event.post?.author?.id !== me) return false;
  switch (event.kind) {
    case "update":
      return event.likedByMe === undefined;
    case "comment":
      return event.comment?.author?.id !== me;
    case "uncomment":
      return true;
    default:
      return false;
  }
}

/** The bell's name: "Notifications", "Notifications, 1 unread", "Notifications, 3 unread". */
export function bellLabel(count) {
  return count > 0 ? `Notifications, ${count} unread` : "Notifications";
}

/** The bell's badge: "" for none (no badge), "3", "99+" beyond 99. */
export function badgeText(count) {
  if (!(count > 0)) return "";
  return count > 99 ? "99+" : String(count);
}
