// The moderators' review page in words (moderation.js): what a queue item is about ("Pho Real
// by @ana", "Comment by @ben on @ana's Pho Real post"), where it stands, its decision buttons,
// what a decision did, and an audit-trail entry's action. A post's item and a comment's read
// differently; the words are here so both are said the same way everywhere. Pure: no DOM.

/**
 * An item of the queue, as the server sends it: about `comment` when it has one (then `post`
 * is the post it is under), else about `post`.
 * @typedef {{post: {id: number, restaurant: string, caption: string,
 *   author: {id: number, username: string}}, comment?: {id: number, postId: number,
 *   author: {id: number, username: string}, body: string, createdAt: string},
 *   state: "shown" | "pending" | "removed", score: number, reports: object[]}} ReviewItem
 */

/** "@ana's Pho Real post" (ana's "post" when it has no restaurant's name). */
export function postOf(post) {
  const restaurant = String(post?.restaurant ?? "").trim();
  return `@${post?.author?.username}'s ${restaurant ? `${restaurant} post` : "post"}`;
}

/** What the item is about: "Pho Real by @ana", "Comment by @ben on @ana's Pho Real post". */
export function itemTitle(item) {
  if (item.comment) return `Comment by @${item.comment.author.username} on ${postOf(item.post)}`;
  return `${item.post.restaurant} by @${item.post.author.username}`;
}

/** Where the item stands, on its badge. */
export function stateText(state) {
  if (state === "pending") return "Hidden pending review";
  return state === "removed" ? "Removed" : "Shown";
}

/** "1 open report", "3 open reports". */
export function reportCount(count) {
  return `${count} open report${count === 1 ? "" : "s"}`;
}

/**
 * The item's decision buttons, by action, restore first: "Restore" and "Remove" for a post;
 * "Keep comment" (or "Restore comment", for a removed one) and "Remove comment" for a comment.
 * @returns {[action: "restore" | "remove", text: string][]}
 */
export function decisionButtons(item) {
  if (!item.comment) return [["restore", "Restore"], ["remove", "Remove"]];
  const restore = item.state === "removed" ? "Restore comment" : "Keep comment";
  return [["restore", restore], ["remove", "Remove comment"]];
}

/** Where the item's decision goes. */
export function decisionPath(item) {
  return item.comment ? `/api/moderation/comments/${item.comment.id}/decision`
    : `/api/moderation/posts/${item.post.id}/decision`;
}

/** What a decision did, said once taken: "Removed the post from Pho Real by @ana.", "Kept
 * the comment by @ben on @ana's Pho Real post." */
export function decidedText(item, action) {
  if (!item.comment) {
    return `${action === "restore" ? "Restored" : "Removed"} the post from `
      + `${item.post.restaurant} by @${item.post.author.username}.`;
  }
  const verb = action === "remove" ? "Removed"
    : item.state === "removed" ? "Restored" : "Kept";
  return `${verb} the comment by @${item.comment.author.username} on ${postOf(item.post)}.`;
}

/** An audit-trail entry's action: "Hidden by reports", "Restored", "Removed" for a post;
 * "Comment kept", "Comment removed" for a comment. */
export function logAction(entry) {
  if (entry.commentID != null) {
    return entry.action === "remove" ? "Comment removed" : "Comment kept";
  }
  return { hide: "Hidden by reports", restore: "Restored", remove: "Removed" }[entry.action]
    ?? String(entry.action);
}

/** What an audit-trail entry concerns: "#12" (a post), "Comment #5 on #12". */
export function logSubject(entry) {
  return entry.commentID != null ? `Comment #${entry.commentID} on #${entry.postID}`
    : `#${entry.postID}`;
}
