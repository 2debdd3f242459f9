// The detail page of a post (/p/{id}): the display photo (several in a carousel,
// carousel.js, loaded then), caption, restaurant (a link to its page, with its area), meal
// date and author ("edited" once edited); like at once (sent when back online; put back with a
// message when refused); report with a reason (Escape closes the form); block the author;
// edit (post-edit.js, loaded then) or delete one's own post; its comments (comments.js). It
// follows its post on the change stream (post-stream.js): another tab's or person's edit, a
// comment, a deleted comment show at once. It lies over the list it was opened from, which
// stays as it was (its place, its cells), so Back returns to the same spot.
import { backBar, element, stylesheet } from "./dom.js";
import { api } from "./api.js";
import { commentSection } from "./comments.js";
import { editedTitle } from "./comment-text.js";
import { formatDay } from "./format.js";
import { drawLike, likesText, makeLikeButton } from "./like-button.js";
import { likeChanges, toggleLike } from "./like-queue.js";
import { notFoundIn } from "./not-found.js";
import { photoAlt, photoCount, photosOf, srcsetOf } from "./photo-text.js";
import { areaSuffix, placeLabel, placePath } from "./place-text.js";
import { photosKey } from "./post-edit-text.js";
import { followPost } from "./post-stream.js";
import { query, saveTapped } from "./save-action.js";
import { drawSave, makeSaveButton, savePostName } from "./save-button.js";
import { knownLists, savedChanges } from "./saved.js";
import { postTitle, titleAt } from "./titles.js";

/** How many times a post's page was shown: a later one supersedes a loading one. */
let showings = 0;
const REASONS = ["Spam or advertising", "Not food", "Offensive or hateful", "Other"];

/** A button labelled for screen readers as well as by its text. */
function button(text, className, onClick) {
  const node = element("button", { type: "button", className }, text);
  node.addEventListener("click", onClick);
  return node;
}

/** The photos of `post`: a carousel of several (its `start()` once in the page), else one
 * image. */
async function photosOfPost(post) {
  if (photoCount(post) < 2) return { element: photoImage(post) };
  const { makeCarousel } = await import("./carousel.js");
  return makeCarousel(post);
}

/**
 * Shows post `id` in `container`. `user` is the signed-in user or null; `close()` leaves the
 * page (Back); `gone()` is called after a delete or a block, when the post should not be shown.
 * The lists learn of a like, a block or a delete from the change stream.
 */
export async function showDetail(container, id, { user, close, gone }) {
  const call = ++showings;
  // Still this page once the post is read: not after Back (the page is closed), another page
  // opened meanwhile, or this post's page opened again (Back, then Forward, before the answer).
  const current = () => call === showings && !container.hidden
    && location.pathname === `/p/${id}`;
  const alert = element("p", { className: "alert", role: "alert" });
  container.replaceChildren(backBar(close), alert);
  container.setAttribute("aria-busy", "true");
  let post;
  try {
    [post] = await Promise.all([api("GET", `/api/posts/${id}`),
      stylesheet("/app/comments.css")]);
  } catch (failure) {
    if (!current()) return;
    if (failure.status === 404) notFoundIn(container, "post");
    else alert.textContent = `Could not load the post: ${failure.message}`;
    container.setAttribute("aria-busy", "false");
    return;
  }
  const carousel = await photosOfPost(post);
  if (!current()) return carousel.destroy?.();
  let media = carousel.element;
  /** The photos shown now: the carousel (its `index` the photo in the middle) or one image. */
  let shown = carousel;
  let photosShown = photosKey(post);
  const title = element("h2", { id: "detail-title", tabIndex: -1 });
  let placeShown = "";
  const author = element("a", { href: `/u/${encodeURIComponent(post.author.username)}` },
    `@${post.author.username}`);
  const eaten = document.createTextNode("");
  const edited = element("span", { className: "edited-note" });
  const meta = element("p", { className: "meta" }, eaten, author, edited);
  const caption = element("p", { className: "caption" });
  const actions = element("div", { className: "actions" }, ...likeButton(post, user, alert),
    saveButton(post));
  // What the reader's own action did ("Post updated"), said politely.
  const status = element("p", { className: "detail-status", role: "status" });
  const savedLine = user ? savedIn(post) : element("p", { hidden: true });
  const mine = user && user.id === post.author.id;
  if (user) {
    // Booster: the original of the photo shown (the carousel's current one) to the print order
    // form (print-photo.js, loaded on use).
    const print = button("Print this photo", "print-photo", async () => {
      print.disabled = true;
      try {
        const { printPhoto } = await import("./print-photo.js");
        const photos = photosOf(post);
        const index = Math.min(shown.index ?? 0, photos.length - 1);
        const which = photos.length > 1 ? ` (photo ${index + 1})` : "";
        await printPhoto(photos[index],
          `${post.restaurant} by @${post.author.username}${which}`);
      } catch (failure) {
        alert.textContent = `Could not send the photo to print: ${failure.message}`;
      }
      print.disabled = false;
    });
    actions.append(print);
  }
  if (user && !mine) {
    actions.append(button("Report", "report", () => openReport()));
    const block = button(`Block @${post.author.username}`, "block", async () => {
      if (!confirm(`Block @${post.author.username}? Their posts leave all your lists.`)) return;
      try {
        await api("PUT", `/api/users/${encodeURIComponent(post.author.username)}/block`);
        gone();
      } catch (failure) {
        alert.textContent = failure.message;
      }
    });
    actions.append(block);
  }
  if (mine) {
    const edit = button("Edit", "edit", async () => {
      status.textContent = "";
      const { editPost } = await import("./post-edit.js");
      if (container.querySelector("#post-edit")) return;  // pressed twice while loading
      editPost(post, {
        within: container, opener: edit,
        saved: (fresh) => {
          apply(fresh);
          status.textContent = "Post updated";
        },
        unchanged: () => { status.textContent = "Nothing was changed."; },
      });
    });
    actions.append(edit, button("Delete", "delete", async () => {
      if (!confirm("Delete this post? This cannot be undone.")) return;
      try {
        await api("DELETE", `/api/posts/${post.id}`);
        gone();
      } catch (failure) {
        alert.textContent = failure.message;
      }
    }));
  }
  const report = reportForm(post, () => actions.querySelector(".report")?.focus());
  const openReport = () => {
    report.hidden = false;
    report.querySelector("input")?.focus();
  };
  const comments = commentSection(post, { user, scroller: container });
  const text = element("div", { className: "text" }, title, caption, meta, actions, status,
    savedLine, report, comments.node);
  const article = element("article", { className: "detail" }, media, text);

  /** Draws what the post says now, in place (the focus stays where it is). */
  const draw = () => {
    // Only while this post is the page: an answer landing after Back (before the page is taken
    // down) would title the list with the post.
    if (article.isConnected) titleAt(`/p/${post.id}`, postTitle(post));
    const place = JSON.stringify([post.restaurantId, post.restaurant, post.area]);
    if (place !== placeShown) title.replaceChildren(placeLink(post));
    placeShown = place;
    caption.textContent = post.caption;
    caption.hidden = !post.caption;
    eaten.textContent = `Eaten ${formatDay(post.mealDate)} · by `;
    drawEdited(edited, post.editedAt);
    comments.draw();
    redrawPhotos();
  };
  /** The photos again, when they changed (an edit): a new carousel or image in place. */
  let redraws = 0;
  const redrawPhotos = async () => {
    const key = photosKey(post);
    if (key === photosShown) return;
    photosShown = key;
    const call = ++redraws;
    const fresh = await photosOfPost(post);
    if (call !== redraws || !media.isConnected) return fresh.destroy?.();
    const focused = media.contains(document.activeElement);
    fresh.element.classList.add("redrawn");
    media.replaceWith(fresh.element);
    media = fresh.element;
    shown = fresh;
    fresh.start?.();
    if (focused) title.focus({ preventScroll: true });
    return undefined;
  };
  /** The post anew (the server's answer, or a stream event's). Its like stays the Like
   * button's (like-queue.js): an event of the reader's own like can arrive after the answer
   * to a later toggle, and would put an older state back. */
  let events = 0;
  const apply = (fresh, event = {}) => {
    if (!fresh || fresh.id !== post.id) return;
    if (event.kind) events += 1;
    const { likedByMe, likeCount } = post;
    Object.assign(post, fresh, { likedByMe, likeCount });
    draw();
  };

  container.append(article);
  draw();
  carousel.start?.();
  container.setAttribute("aria-busy", "false");
  title.focus({ preventScroll: true });

  // The stream from the sequence the comments were read at; the post read again, for what
  // changed before then (unless an event, which carries the whole post, came meanwhile).
  const reread = () => {
    const before = events;
    api("GET", `/api/posts/${post.id}`).then((fresh) => {
      if (events === before) apply(fresh);
    }, () => {});
  };
  const since = await comments.load();
  if (!article.isConnected) return;
  followPost(post.id, since, {
    update: (fresh, event) => apply(fresh, event),
    comment: (event) => {
      apply(event.post, event);
      comments.comment(event);
    },
    uncomment: (event) => {
      apply(event.post, event);
      comments.uncomment(event);
    },
    gone: () => { alert.textContent = "This post has been deleted."; },
    reload: () => {
      reread();
      comments.load();
    },
  }, article);
  reread();
}

/** " · edited" after the meta line of an edited post, its time on hover; nothing otherwise. */
function drawEdited(node, editedAt) {
  if (!editedAt) return node.replaceChildren();
  const time = node.querySelector("time") ?? element("time", { className: "edited" }, "edited");
  time.dateTime = editedAt;
  time.title = editedTitle(editedAt);
  return node.replaceChildren(" · ", time);
}

/** The photo of a post of one photo: its display rendition (the thumbnail on a narrow
 * screen), the dominant colour until it is decoded. */
function photoImage(post) {
  const { photo } = post;
  const image = element("img", {
    className: "photo", alt: photoAlt(post, photo), src: photo.displayURL, width: photo.width,
    height: photo.height, decoding: "async", srcset: srcsetOf(photo),
    sizes: "(min-width: 760px) 720px, 100vw",
  });
  image.style.background = photo.color;
  image.style.aspectRatio = `${photo.width} / ${photo.height}`;
  return image;
}

/** The post's restaurant, "Phở 24 · Mitte": a link to its page, named "Phở 24, Mitte". */
function placeLink(post) {
  const area = element("span", { className: "area" }, areaSuffix(post.area));
  area.hidden = !area.textContent;
  if (post.restaurantId == null) return element("span", {}, post.restaurant, area);
  const link = element("a", { href: placePath(post.restaurantId), className: "place" },
    post.restaurant, area);
  link.setAttribute("aria-label", placeLabel(post.restaurant, post.area));
  return link;
}

/**
 * The post's Like button and its count beside it, as plain text. A like shows at once, is sent
 * now or when back online (like-queue.js), and is put back with a message when refused.
 */
function likeButton(post, user, alert) {
  const count = element("span", { className: "like-count" });
  const node = makeLikeButton("like", () => {
    if (!user) {
      alert.textContent = "Sign in to like posts.";
      return;
    }
    alert.textContent = "";
    toggleLike(post);
  }, true);
  const draw = () => {
    count.textContent = likesText(drawLike(node, post).likeCount);
  };
  const changed = ({ detail: { id, confirmed, refused } }) => {
    if (!node.isConnected) return likeChanges.removeEventListener("change", changed);
    if (id !== post.id) return;
    if (confirmed) {
      Object.assign(post, { likedByMe: confirmed.liked, likeCount: confirmed.likeCount });
    }
    if (refused) alert.textContent = refused;
    draw();
  };
  likeChanges.addEventListener("change", changed);
  draw();
  return [node, count];
}

/** The post's Save button ("Save"/"Saved"): one tap into Want to try, again to choose. */
function saveButton(post) {
  const target = { postId: post.id };
  const node = makeSaveButton("save", () => saveTapped(target,
    `${post.restaurant} by @${post.author.username}`, node), true);
  const draw = () => {
    if (!node.isConnected && node.dataset.drawn) {
      return savedChanges.removeEventListener("change", draw);
    }
    node.dataset.drawn = "1";
    drawSave(node, target, savePostName(post));
  };
  savedChanges.addEventListener("change", draw);
  draw();
  return node;
}

/**
 * "Saved in: Want to try, Date night", each a link to that list (the server's word, asked
 * again whenever the reader's lists change); nothing while it is in none.
 */
function savedIn(post) {
  const line = element("p", { className: "saved-in", hidden: true });
  let asked = 0;
  const draw = async () => {
    if (!line.isConnected && line.dataset.drawn) {
      return savedChanges.removeEventListener("change", draw);
    }
    line.dataset.drawn = "1";
    const call = ++asked;
    let where;
    try {
      where = (await api("GET", `/api/me/saved?${query({ postId: post.id })}`)).items;
    } catch {
      return;  // what it said before stays
    }
    const names = new Map((knownLists() ?? []).map((list) => [list.id, list.name]));
    if (call !== asked) return;
    const links = where.filter(({ listId }) => names.has(listId)).map(({ listId }) =>
      element("a", { href: `/lists/${listId}` }, names.get(listId)));
    line.replaceChildren("Saved in: ", ...links.flatMap((link, i) => (i ? [", ", link] : [link])));
    line.hidden = links.length === 0;
  };
  savedChanges.addEventListener("change", draw);
  draw();
  return line;
}

function reportForm(post, done) {
  const form = element("form", { className: "report-form", hidden: true });
  form.setAttribute("aria-label", "Report this post");
  const fieldset = element("fieldset", {}, element("legend", {}, "Why should it be reviewed?"));
  REASONS.forEach((reason, index) => {
    const input = element("input", { type: "radio", name: "category", value: reason,
      required: true, id: `reason-${index}` });
    fieldset.append(element("label", { htmlFor: input.id }, input, ` ${reason}`));
  });
  const details = element("textarea", { id: "report-details", name: "details", maxLength: 400 });
  const error = element("p", { className: "field-error", id: "report-error" });
  details.setAttribute("aria-describedby", error.id);
  const sent = element("p", { role: "status" });
  form.append(fieldset, element("label", { htmlFor: details.id }, "Details (optional)"), details,
    error, element("button", { type: "submit" }, "Send report"), sent);
  // Escape closes the form (not the page: overlay.js leaves a handled Escape alone).
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    form.hidden = true;
    done();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const extra = String(data.get("details") ?? "").trim();
    error.textContent = "";
    try {
      await api("POST", `/api/posts/${post.id}/reports`,
        { reason: extra ? `${data.get("category")}: ${extra}` : String(data.get("category")) });
      form.replaceChildren(element("p", { role: "status" },
        "Thank you: moderators will review it."));
      done();
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  return form;
}
