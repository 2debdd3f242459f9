// Reporting a comment, under it: Report (a disclosure: "Report comment by @ben") opens a small
// form in the comment — why it should be reviewed (counted down near its 500 characters),
// Send report and Cancel. What is wrong is said beside the field, before sending (empty, too
// long) or after (the server's refusals in words). Escape or Cancel closes it and the focus
// goes back to Report; once taken, the form closes, the focus goes back to Report and a polite
// live region says "Reported. A moderator will look at it."
import { api } from "./api.js";
import { characterCounter } from "./char-counter.js";
import { REASON_LIMIT, REPORTED, reasonProblem, reportLabel, reportRefusal }
  from "./comment-report-text.js";
import { element, labelledField, showFieldErrors } from "./dom.js";
import { guardSubmit } from "./form-guard.js";

/**
 * Report for `comment` (`name` is its writer's username): the button (for the comment's
 * actions), the form and the live region (both for under its text).
 * @param {import("./comment-text.js").Comment} comment
 * @returns {{button: HTMLButtonElement, form: HTMLFormElement, status: HTMLElement}}
 */
export function reportControls(comment, name) {
  const id = `comment-${comment.id}-report`;
  const button = element("button", { type: "button", className: "comment-report-open" },
    "Report");
  button.setAttribute("aria-label", reportLabel(name));
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", id);
  const field = element("textarea", { id: `comment-${comment.id}-reason`, name: "reason",
    rows: 2 });
  const [node, error] = labelledField(field, "Why should this comment be reviewed?");
  error.before(characterCounter(field, REASON_LIMIT));
  const send = element("button", { type: "submit", className: "comment-report-send" },
    "Send report");
  const cancel = element("button", { type: "button", className: "comment-report-cancel" },
    "Cancel");
  const form = element("form", { className: "compose comment-report", id, hidden: true,
    noValidate: true }, node, element("div", { className: "comment-report-buttons" }, send,
    cancel));
  form.setAttribute("aria-label", reportLabel(name));
  const status = element("p", { className: "comment-report-status", role: "status" });
  const say = (message) => showFieldErrors({ reason: field }, { reason: error },
    message ? { reason: message } : {});

  const open = (value) => {
    form.hidden = !value;
    button.setAttribute("aria-expanded", String(value));
    if (value) {
      status.textContent = "";
      field.focus();
    } else {
      button.focus();
    }
  };
  button.addEventListener("click", () => open(form.hidden));
  cancel.addEventListener("click", () => open(false));
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();  // the form closes, not the page (overlay.js)
    open(false);
  });
  guardSubmit(form, async () => {
    const problem = reasonProblem(field.value);
    say(problem);
    if (problem) return undefined;
    try {
      await api("POST", `/api/comments/${comment.id}/reports`, { reason: field.value.trim() },
        { waitWhenLimited: false });
    } catch (failure) {
      say(reportRefusal(failure));
      return failure;
    }
    field.value = "";
    field.dispatchEvent(new Event("input", { bubbles: true }));  // the counter
    open(false);
    status.textContent = REPORTED;
    return undefined;
  }, { messages: [error] });
  return { button, form, status };
}
