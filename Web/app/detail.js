// The detail page of a post (/p/{id}): the display photo, caption, restaurant, meal date and
// author; like with an optimistic update that rolls back with a message when refused; report
// with a reason; block the author; delete one's own post. It lies over the list it was opened
// from, which stays as it was (its place, its cells), so Back returns to the same spot.
import { backBar, element } from "./dom.js";
import { api } from "./api.js";

const REASONS = ["Spam or advertising", "Not food", "Offensive or hateful", "Other"];

/** A button labelled for screen readers as well as by its text. */
function button(text, className, onClick) {
  const node = element("button", { type: "button", className }, text);
  node.addEventListener("click", onClick);
  return node;
}

/**
 * Shows post `id` in `container`. `user` is the signed-in user or null; `close()` leaves the
 * page (Back); `gone()` is called after a delete or a block, when the post should not be shown.
 * The lists learn of a like, a block or a delete from the change stream.
 */
export async function showDetail(container, id, { user, close, gone }) {
  const alert = element("p", { className: "alert", role: "alert" });
  container.replaceChildren(backBar(close), alert);
  container.setAttribute("aria-busy", "true");
  let post;
  try {
    post = await api("GET", `/api/posts/${id}`);
  } catch (failure) {
    alert.textContent = failure.status === 404
      ? "This post does not exist any more, or is not shown to you."
      : `Could not load the post: ${failure.message}`;
    container.setAttribute("aria-busy", "false");
    return;
  }
  const photo = post.photo;
  const image = element("img", {
    className: "photo", alt: `${post.caption || "Lunch"} at ${post.restaurant}`,
    src: photo.displayURL, width: photo.width, height: photo.height, decoding: "async",
    srcset: `${photo.thumbnailURL} ${photo.thumbnailWidth}w, ${photo.displayURL} ${photo.displayWidth}w`,
    sizes: "(min-width: 760px) 720px, 100vw",
  });
  image.style.background = photo.color;
  image.style.aspectRatio = `${photo.width} / ${photo.height}`;
  const title = element("h2", { id: "detail-title", tabIndex: -1 }, post.restaurant);
  const author = element("a", { href: `/u/${encodeURIComponent(post.author.username)}` },
    `@${post.author.username}`);
  const meta = element("p", { className: "meta" }, `Eaten ${post.mealDate} · by `, author);
  const caption = element("p", { className: "caption" }, post.caption);
  caption.hidden = !post.caption;
  const like = likeButton(post, user, alert);
  const actions = element("div", { className: "actions" }, like);
  const mine = user && user.id === post.author.id;
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
    actions.append(button("Delete", "delete", async () => {
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
  const text = element("div", { className: "text" }, title, caption, meta, actions, report);
  container.append(element("article", { className: "detail" }, image, text));
  container.setAttribute("aria-busy", "false");
  title.focus({ preventScroll: true });
}

function likeButton(post, user, alert) {
  let liked = post.likedByMe;
  let count = post.likeCount;
  const label = element("span");
  const node = element("button", { type: "button", className: "like" }, label);
  const draw = () => {
    node.setAttribute("aria-pressed", String(liked));
    node.setAttribute("aria-label", liked ? "Unlike" : "Like");
    label.textContent = `${liked ? "♥" : "♡"} ${count}`;
  };
  draw();
  node.addEventListener("click", async () => {
    if (!user) {
      alert.textContent = "Sign in to like posts.";
      return;
    }
    // At once, as if the server had agreed; put back if it does not.
    const before = { liked, count };
    liked = !liked;
    count += liked ? 1 : -1;
    alert.textContent = "";
    draw();
    try {
      const state = await api(liked ? "PUT" : "DELETE", `/api/posts/${post.id}/like`);
      ({ liked, likeCount: count } = state);
    } catch (failure) {
      ({ liked, count } = before);
      alert.textContent = `${before.liked ? "Unlike" : "Like"} failed: ${failure.message}`;
    }
    draw();
  });
  return node;
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
