// One item of the moderators' queue (moderation.js): a reported post (its photo, caption and
// reports) or a reported comment (the post it is under, the comment's text in full, its
// reports), each with a note for the audit trail and its decision buttons, which name what
// they decide on. Each report a line: who, their weight, when, why.
import { element } from "./dom.js";
import { decisionButtons, itemTitle, reportCount, stateText } from "./moderation-text.js";
import { photoAlt } from "./photo-text.js";

export const when = (iso) => new Date(iso).toLocaleString();
export const weight = (value) => Number(value).toFixed(2);

/** The item's element id: "case-12" for post 12, "case-comment-5" for comment 5. */
export function caseId(item) {
  return item.comment ? `case-comment-${item.comment.id}` : `case-${item.post.id}`;
}

function reportLine(report) {
  return element("li", {},
    element("b", {}, `@${report.reporter.username}`),
    ` (weight ${weight(report.weight)}, ${when(report.createdAt)}): `, report.reason);
}

/**
 * The item's list element; `decide(item, action, {note, error, buttons})` is called when a
 * decision button is pressed.
 * @param {import("./moderation-text.js").ReviewItem} item
 * @returns {HTMLLIElement}
 */
export function caseItem(item, decide) {
  const { post, comment } = item;
  const id = caseId(item);
  const state = element("span", { className: "state" }, stateText(item.state));
  state.dataset.state = item.state;
  const note = element("textarea", { id: `${id}-note`, maxLength: 500 });
  const error = element("p", { className: "error", role: "alert" });
  const buttons = decisionButtons(item).map(([action, text]) => {
    const button = element("button", { type: "button", className: action }, text);
    button.setAttribute("aria-describedby", `${id}-title`);
    button.addEventListener("click", () => decide(item, action, { note, error, buttons }));
    return button;
  });
  const photo = element("img", {
    src: post.photo.thumbnailURL, width: 128, height: 128, loading: "lazy",
    alt: photoAlt(post),
  });
  const summary = ` · score ${weight(item.score)} · ${reportCount(item.reports.length)}`;
  const open = element("a", { href: `/p/${post.id}` }, "Open the post");
  open.setAttribute("aria-describedby", `${id}-title`);
  const about = comment
    ? [element("blockquote", { className: "comment-text" }, comment.body),
      element("p", {}, `Written ${when(comment.createdAt)}${summary} · `, open)]
    : [element("p", {}, post.caption || "(no caption)", summary)];
  const node = element("li", { className: comment ? "case comment-case" : "case", id },
    photo,
    element("div", {},
      element("h3", { id: `${id}-title` }, itemTitle(item), " ", state),
      ...about,
      element("ul", { ariaLabel: "Reports" }, ...item.reports.map(reportLine)),
      element("label", { htmlFor: note.id }, "Note for the audit trail"),
      note,
      element("div", { className: "actions" }, ...buttons),
      error));
  return node;
}
