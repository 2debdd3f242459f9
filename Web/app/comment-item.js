// One comment under a post: its writer (a link to their profile), when (a <time>, in full on
// hover), its text (line breaks kept by CSS, never markup), for someone signed in who did not
// write it Report (comment-report.js: a form under its text) and, for its writer or the post's
// author, Delete. Delete asks first, in words, in the comment itself ("Delete this comment?"
// with Delete and Keep; Escape keeps it); the focus goes to the answer, and back to Delete
// when kept. A refusal is said beside the buttons.
import { element } from "./dom.js";
import { reportControls } from "./comment-report.js";
import { deleteLabel, momentText, momentTitle } from "./comment-text.js";
import { explain } from "./messages.js";

/**
 * The list item of `comment`.
 * @param {import("./comment-text.js").Comment} comment
 * @param {{deletable: boolean, reportable?: boolean,
 *   onDelete: (comment: object) => Promise<void>}} options
 *   `onDelete` sends the delete and takes the item away (and the focus elsewhere); it rejects
 *   with api.js's failure
 * @returns {HTMLLIElement}
 */
export function commentItem(comment, { deletable, reportable = false, onDelete }) {
  const name = comment.author.username;
  const author = element("a", { className: "comment-author",
    href: `/u/${encodeURIComponent(name)}` }, `@${name}`);
  const time = element("time", { dateTime: comment.createdAt,
    title: momentTitle(comment.createdAt) }, momentText(comment.createdAt));
  const body = element("p", { className: "comment-body" }, comment.body);
  const item = element("li", { className: "comment", id: `comment-${comment.id}`, tabIndex: -1 },
    element("p", { className: "comment-head" }, author, " ", time), body);
  item.dataset.comment = String(comment.id);
  if (!deletable && !reportable) return item;
  // The actions before the report's form in the document, as on the screen: Tab goes from
  // Report into the form it opened.
  const actions = deletable ? deleteControls(item, comment, name, onDelete)
    : element("div", { className: "comment-actions" });
  item.append(actions);
  if (reportable) {
    const report = reportControls(comment, name);
    actions.prepend(report.button);
    item.append(report.form, report.status);
  }
  return item;
}

/** Delete, and the question it asks before it sends anything (the item is `asking` then,
 * and `refused` while it says why it was not deleted). */
function deleteControls(item, comment, name, onDelete) {
  const remove = element("button", { type: "button", className: "comment-delete" }, "Delete");
  remove.setAttribute("aria-label", deleteLabel(name));
  const question = element("span", { className: "comment-question",
    id: `comment-${comment.id}-question` }, "Delete this comment?");
  const yes = element("button", { type: "button", className: "comment-confirm" }, "Delete");
  yes.setAttribute("aria-describedby", question.id);
  const keep = element("button", { type: "button", className: "comment-keep" }, "Keep");
  const ask = element("span", { className: "comment-ask", hidden: true }, question, yes, keep);
  const error = element("p", { className: "comment-error", role: "alert" });
  const controls = element("div", { className: "comment-actions" }, remove, ask, error);

  const asking = (value) => {
    ask.hidden = !value;
    remove.hidden = value;
    item.classList.toggle("asking", value);
    item.classList.toggle("refused", Boolean(error.textContent));
    (value ? yes : remove).focus();
  };
  remove.addEventListener("click", () => {
    error.textContent = "";
    asking(true);
  });
  keep.addEventListener("click", () => asking(false));
  ask.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();  // the comment is kept; the page stays (overlay.js)
    asking(false);
  });
  let sending = false;
  yes.addEventListener("click", async () => {
    if (sending) return;
    sending = true;
    yes.setAttribute("aria-disabled", "true");
    try {
      await onDelete(comment);
    } catch (failure) {
      error.textContent = failure.status === 404 ? "This comment was already deleted."
        : `Not deleted. ${explain(failure)}`;
      asking(false);
    } finally {
      sending = false;
      yes.removeAttribute("aria-disabled");
    }
  });
  return controls;
}
