// A post in a list's cell: its photo (the dominant colour until the post's own photo is decoded,
// and a recycled cell never shows the previous post's), the restaurant, the start of the dish's
// caption, the like count and author as plain text, a Like button (the reader's own like), and
// the name a screen reader says for the cell. The caption's parts are made once per cell and
// drawn again in place: a redraw (the server's answer, the stream's update) never replaces the
// button that has the keyboard focus.
import { drawLike, likesText, makeLikeButton } from "./like-button.js";
import { shownLike } from "./like-queue.js";

/**
 * A post as the lists hold it (the server's JSON).
 * @typedef {import("./like-queue.js").LikeablePost & {restaurant: string, caption: string,
 *   author: {id: number, username: string}, photo: object}} Post
 */

/** Each cell's caption parts, made once. */
const captions = new WeakMap();
/** What each cell shows now, and what its Like button does: {post, like}. */
const shows = new WeakMap();

/**
 * Shows `post` in `cell`. `withCaption`: not in the mosaic; `like(post)` is what the cell's
 * Like button does.
 * @param {HTMLElement} cell
 * @param {Post} post
 * @param {{withCaption: boolean, like: (post: Post) => void}} options
 */
export function paintPost(cell, post, { withCaption, like }) {
  cell.classList.add("post");
  shows.set(cell, { post, like });
  paintPhoto(cell, post, withCaption);
  let parts = captions.get(cell);
  if (withCaption && !parts) {
    parts = makeCaption(cell);
    captions.set(cell, parts);
    cell.append(parts.caption);
  }
  if (parts) parts.caption.hidden = !withCaption;
  const shown = withCaption ? drawCaption(parts, post) : shownLike(post);
  // An article's name: what a screen reader says when the reader moves to it.
  cell.setAttribute("aria-label", `${post.restaurant}${post.caption ? `: ${post.caption}` : ""}, `
    + `by @${post.author.username}, ${likesText(shown.likeCount)}`);
}

function makeCaption(cell) {
  const make = (tag, className) => Object.assign(document.createElement(tag), { className });
  const parts = { caption: make("div", "caption"), name: make("b", "restaurant"),
    dish: make("span", "dish"), meta: make("span", "meta"),
    like: makeLikeButton("cell-like", () => {
      const { post, like } = shows.get(cell);
      like(post);
    }) };
  parts.caption.append(parts.name, parts.dish, parts.meta, parts.like);
  return parts;
}

function drawCaption(parts, post) {
  parts.name.textContent = post.restaurant;
  parts.dish.textContent = post.caption ?? "";
  parts.dish.hidden = !post.caption;
  const shown = drawLike(parts.like, post);
  parts.meta.textContent = `${likesText(shown.likeCount)} · @${post.author.username}`;
  return shown;
}

function paintPhoto(cell, post, withCaption) {
  let image = cell.querySelector("img");
  cell.style.background = post.photo.color;
  if (image?.dataset.post !== String(post.id)) {
    // A new element for each post the cell shows: an element whose source changes keeps
    // showing its previous photo until the next is decoded; a new one shows nothing (the
    // dominant colour behind it) until its own photo is, and shows that the moment it is.
    const fresh = Object.assign(document.createElement("img"), { decoding: "async" });
    fresh.dataset.post = post.id;
    fresh.addEventListener("load", () => fresh.classList.add("loaded"), { once: true });
    // The first screenful loads first; the rest when it comes near.
    const first = cell.dataset.item < 8;
    fresh.loading = first ? "eager" : "lazy";
    fresh.fetchPriority = first ? "high" : "auto";
    const { photo } = post;
    fresh.sizes = withCaption ? "(min-width: 780px) 25vw, 50vw" : "(min-width: 780px) 50vw, 100vw";
    fresh.srcset = `${photo.thumbnailURL} ${photo.thumbnailWidth}w, `
      + `${photo.displayURL} ${photo.displayWidth}w`;
    fresh.src = photo.thumbnailURL;
    if (image) image.replaceWith(fresh);
    else cell.prepend(fresh);
    image = fresh;
  }
  image.alt = `${post.caption || "Lunch"} at ${post.restaurant}`;
}
