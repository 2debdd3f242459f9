// A post in a list's cell: its photo (the dominant colour until the post's own photo is decoded,
// and a recycled cell never shows the previous post's), the caption with the like count and a
// Like button, Delete on one's own profile, and the name a screen reader says for the cell.

/**
 * Shows `post` in `cell`. `withCaption`: not in the mosaic; `deletable`: one's own profile;
 * `like(post)` and `remove(post)` are what the cell's buttons do.
 */
export function paintPost(cell, post, { withCaption, deletable, like, remove }) {
  cell.classList.add("post");
  paintPhoto(cell, post, withCaption);
  let caption = cell.querySelector(".caption");
  if (withCaption && !caption) {
    caption = Object.assign(document.createElement("div"), { className: "caption" });
    cell.append(caption);
  }
  if (caption) caption.hidden = !withCaption;
  if (withCaption) {
    caption.replaceChildren(
      Object.assign(document.createElement("b"), { textContent: post.restaurant }),
      Object.assign(document.createElement("span"), {
        className: "meta", textContent: `♥ ${post.likeCount} · @${post.author.username}`,
      }),
      likeButton(post, like));
  }
  let button = cell.querySelector(".cell-delete");
  if (deletable && !button) {
    button = Object.assign(document.createElement("button"), { type: "button",
      className: "cell-delete", textContent: "Delete" });
    button.addEventListener("click", () => button.onDelete?.());
    cell.append(button);
  }
  if (button) {
    button.hidden = !deletable;
    button.onDelete = () => remove(post);
  }
  // An article's name: what a screen reader says when the reader moves to it.
  cell.setAttribute("aria-label", `${post.restaurant}${post.caption ? `: ${post.caption}` : ""}, `
    + `by @${post.author.username}, ${post.likeCount} ${post.likeCount === 1 ? "like" : "likes"}`);
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

function likeButton(post, like) {
  const button = Object.assign(document.createElement("button"), { type: "button",
    className: "cell-like", textContent: post.likedByMe ? "♥" : "♡" });
  button.setAttribute("aria-pressed", String(post.likedByMe));
  button.setAttribute("aria-label", post.likedByMe ? "Unlike" : "Like");
  button.addEventListener("click", () => like(post));
  return button;
}
