// A post in a list's cell: its photo (the dominant colour until the post's own photo is decoded,
// and a recycled cell never shows the previous post's), the restaurant (a link to its page,
// "Phở 24 · Mitte"), the start of the dish's caption, the like count and author as plain text,
// a Like button (the reader's own like), a Save button (save-action.js: on the photo's corner,
// after the restaurant in the tab order), a post of several photos a mark on the photo's other
// corner ("3 photos"), and the name a screen reader says for the cell. The
// Like button comes first in the DOM (it sits at the caption's top right): Tab from the
// article reaches Like, then the restaurant; the article's own keys (arrows, Enter to open the
// post) are the CollectionView's, and keys and clicks on the link are the link's. The caption's parts are made once per cell and
// drawn again in place: a redraw (the server's answer, the stream's update) never replaces the
// button that has the keyboard focus.
import { drawLike, likesText, makeLikeButton } from "./like-button.js";
import { shownLike } from "./like-queue.js";
import { stackedPhotos } from "./photo-icons.js";
import { photoAlt, photoCount, photosText, srcsetOf } from "./photo-text.js";
import { areaSuffix, placeLabel, placePath } from "./place-text.js";
import { saveTapped } from "./save-action.js";
import { drawSave, makeSaveButton, savePostName } from "./save-button.js";

/**
 * A post as the lists hold it (the server's JSON).
 * @typedef {import("./like-queue.js").LikeablePost & {restaurant: string, restaurantId: number,
 *   area: string, caption: string, author: {id: number, username: string},
 *   photo: import("./photo-text.js").Photo, morePhotos?: import("./photo-text.js").Photo[]}} Post
 */

/** Redraws the Save button of `cell` (the reader's lists changed), if it has one. */
export function redrawSave(cell) {
  const parts = captions.get(cell);
  const post = shows.get(cell)?.post;
  if (parts && post) drawSave(parts.save, { postId: post.id }, savePostName(post));
}

/** Each cell's caption parts, made once. */
const captions = new WeakMap();
/** What each cell shows now, and what its Like button does: {post, like}. */
const shows = new WeakMap();

/**
 * Shows `post` in `cell`. `withCaption`: not in the mosaic; `like(post)` is what the cell's
 * Like button does; `linksPlace` (default true): the restaurant is a link to its page (not on
 * that page itself).
 * @param {HTMLElement} cell
 * @param {Post} post
 * @param {{withCaption: boolean, like: (post: Post) => void, linksPlace?: boolean}} options
 */
export function paintPost(cell, post, { withCaption, like, linksPlace = true }) {
  cell.classList.add("post");
  shows.set(cell, { post, like });
  paintPhoto(cell, post, withCaption);
  const count = photoCount(post);
  drawCountMark(cell, count);
  let parts = captions.get(cell);
  if (withCaption && !parts) {
    parts = makeCaption(cell);
    captions.set(cell, parts);
    cell.append(parts.caption);
  }
  if (parts) parts.caption.hidden = !withCaption;
  const shown = withCaption ? drawCaption(parts, post, linksPlace) : shownLike(post);
  // An article's name: what a screen reader says when the reader moves to it.
  cell.setAttribute("aria-label", `${post.restaurant}${post.caption ? `: ${post.caption}` : ""}, `
    + `by @${post.author.username}, ${likesText(shown.likeCount)}`
    + (count > 1 ? `, ${photosText(count)}` : ""));
}

/** Each cell's "several photos" mark, made when a post of several photos first needs it. */
const countMarks = new WeakMap();

/** The mark on the photo's upper corner: a stack and "3" drawn, "3 photos" to a screen reader;
 * hidden for a post of one photo (the cell may have shown another post before). */
function drawCountMark(cell, count) {
  let mark = countMarks.get(cell);
  if (!mark && count > 1) {
    mark = { node: document.createElement("span"), shown: document.createElement("span"),
      said: document.createElement("span") };
    mark.node.className = "photo-count";
    mark.shown.setAttribute("aria-hidden", "true");
    mark.said.className = "visually-hidden";
    mark.node.append(stackedPhotos(), mark.shown, mark.said);
    countMarks.set(cell, mark);
    cell.append(mark.node);
  }
  if (!mark) return;
  mark.node.hidden = count < 2;
  mark.shown.textContent = String(count);
  mark.said.textContent = photosText(count);
}

function makeCaption(cell) {
  const make = (tag, className) => Object.assign(document.createElement(tag), { className });
  const parts = { caption: make("div", "caption"), place: make("a", "place"),
    name: make("b", "restaurant"), area: make("span", "area"),
    dish: make("span", "dish"), meta: make("span", "meta"),
    like: makeLikeButton("cell-like", () => {
      const { post, like } = shows.get(cell);
      like(post);
    }),
    save: makeSaveButton("cell-save", () => {
      const { post } = shows.get(cell);
      saveTapped({ postId: post.id }, `${post.restaurant} by @${post.author.username}`,
        parts.save);
    }) };
  parts.place.append(parts.name, parts.area);
  parts.caption.append(parts.like, parts.place, parts.save, parts.dish, parts.meta);
  return parts;
}

function drawCaption(parts, post, linksPlace) {
  drawPlace(parts, post, linksPlace && post.restaurantId != null);
  parts.dish.textContent = post.caption ?? "";
  parts.dish.hidden = !post.caption;
  const shown = drawLike(parts.like, post);
  drawSave(parts.save, { postId: post.id }, savePostName(post));
  parts.meta.textContent = `${likesText(shown.likeCount)} · @${post.author.username}`;
  return shown;
}

/** The restaurant's line: a link named "Phở 24, Mitte", or its name alone (an `a` without
 * href is no link). */
function drawPlace({ place, name, area }, post, linked) {
  name.textContent = post.restaurant;
  area.textContent = areaSuffix(post.area);
  if (linked) {
    place.href = placePath(post.restaurantId);
    place.setAttribute("aria-label", placeLabel(post.restaurant, post.area));
  } else {
    place.removeAttribute("href");
    place.removeAttribute("aria-label");
  }
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
    fresh.srcset = srcsetOf(photo);
    fresh.src = photo.thumbnailURL;
    if (image) image.replaceWith(fresh);
    else cell.prepend(fresh);
    image = fresh;
  }
  image.alt = photoAlt(post);
}
