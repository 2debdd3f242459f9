// A Like button, on a list's cell or on a post's page: drawn again in place (never replaced, so
// that the keyboard focus stays on it through every redraw), named with its post ("Like Pasta
// La Vista by @jonas", "Unlike …"), pressed when liked by the reader, its heart the reader's
// like alone (the count is text beside it), and marked while its like waits to be sent.
import { shownLike } from "./like-queue.js";

const WAITING = "Will be sent when you are back online";

/**
 * A Like button whose clicks call `onClick()`; its parts made once, drawn by `drawLike`.
 * `word`: whether it says "Like"/"Liked" beside its heart (a post's page), or only the heart.
 */
export function makeLikeButton(className, onClick, word = false) {
  const button = Object.assign(document.createElement("button"), { type: "button", className });
  const heart = Object.assign(document.createElement("span"), { className: "like-heart" });
  heart.setAttribute("aria-hidden", "true");
  button.append(heart);
  if (word) {
    button.append(Object.assign(document.createElement("span"), { className: "like-word" }));
  }
  const mark = Object.assign(document.createElement("span"), { className: "like-pending",
    hidden: true });
  mark.setAttribute("aria-hidden", "true");
  button.append(mark);
  button.addEventListener("click", onClick);
  return button;
}

/**
 * Draws `button` (from `makeLikeButton`) for `post` ({id, restaurant, author, likedByMe,
 * likeCount}); returns what it shows, whose `likeCount` the caller writes beside it.
 * @param {HTMLButtonElement} button
 * @param {import("./like-queue.js").LikeablePost & {restaurant: string,
 *   author: {username: string}}} post
 * @returns {import("./like-queue.js").ShownLike}
 */
export function drawLike(button, post) {
  const shown = shownLike(post);
  button.setAttribute("aria-pressed", String(shown.liked));
  button.setAttribute("aria-label",
    `${shown.liked ? "Unlike" : "Like"} ${post.restaurant} by @${post.author.username}`);
  button.querySelector(".like-heart").textContent = shown.liked ? "♥" : "♡";
  const word = button.querySelector(".like-word");
  if (word) word.textContent = shown.liked ? "Liked" : "Like";
  const mark = button.querySelector(".like-pending");
  mark.hidden = !shown.pending;
  mark.textContent = shown.pending ? "pending" : "";
  button.toggleAttribute("data-pending", shown.pending);
  if (shown.pending) {
    button.setAttribute("aria-description", WAITING);
    button.title = WAITING;
  } else {
    button.removeAttribute("aria-description");
    button.removeAttribute("title");
  }
  return shown;
}

/** "1 like", "2 likes": a count as plain text. */
export function likesText(count) {
  return `${count} ${count === 1 ? "like" : "likes"}`;
}
