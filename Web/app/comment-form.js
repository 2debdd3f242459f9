// "Add a comment" under a post: a labelled text field (Enter starts a new line, Ctrl+Enter or
// ⌘+Enter sends), counted down near its 1,000 characters, and Send. What is wrong is said
// beside the field, before sending (empty, too long) or after (the server's words; "The author
// has blocked you" for a 403); a signed-out session gets a link to sign in and come back. One
// sending at a time (form-guard.js); a sent comment empties the field, which keeps the focus.
import { api } from "./api.js";
import { characterCounter } from "./char-counter.js";
import { COMMENT_LIMIT, bodyProblem, commentRefusal, isSendKey, sendHint }
  from "./comment-text.js";
import { element, labelledField, showFieldErrors } from "./dom.js";
import { guardSubmit } from "./form-guard.js";

/** Where a visitor signs in to comment on post `id`, and comes back to it. */
export function signInPath(id) {
  return `/signin?next=${encodeURIComponent(`/p/${id}`)}`;
}

/** A visitor's line in place of the form: "Sign in to comment". */
export function signInToComment(post) {
  return element("p", { className: "comment-sign-in" },
    element("a", { href: signInPath(post.id), className: "button-link" }, "Sign in to comment"));
}

/**
 * The form for a comment on `post`; `sent(comment)` gets the server's comment once it has it.
 * @returns {{node: HTMLFormElement, field: HTMLTextAreaElement}}
 */
export function commentForm(post, { sent }) {
  const field = element("textarea", { id: "comment-body", name: "body", rows: 3 });
  const [node, error] = labelledField(field, "Add a comment",
    sendHint(navigator.userAgentData?.platform ?? navigator.platform));
  error.before(characterCounter(field, COMMENT_LIMIT));
  const signIn = element("p", { className: "comment-sign-in", hidden: true },
    element("a", { href: signInPath(post.id) }, "Sign in to comment"));
  const send = element("button", { type: "submit", className: "comment-send" }, "Send");
  const form = element("form", { className: "compose comment-form", noValidate: true }, node,
    signIn, element("div", { className: "comment-form-buttons" }, send));
  form.setAttribute("aria-label", "Add a comment");
  const say = (message) => showFieldErrors({ body: field }, { body: error },
    message ? { body: message } : {});

  field.addEventListener("keydown", (event) => {
    if (!isSendKey(event)) return;  // Enter alone: a new line, as in any text field
    event.preventDefault();
    form.requestSubmit();
  });
  guardSubmit(form, async () => {
    const problem = bodyProblem(field.value);
    say(problem);
    signIn.hidden = true;
    if (problem) return undefined;
    try {
      const comment = await api("POST", `/api/posts/${post.id}/comments`, { body: field.value },
        { waitWhenLimited: false });
      field.value = "";
      field.dispatchEvent(new Event("input", { bubbles: true }));  // the counter, the errors
      sent(comment);
      return undefined;
    } catch (failure) {
      say(commentRefusal(failure));
      signIn.hidden = failure.status !== 401;
      return failure;
    }
  }, { messages: [error] });
  return { node: form, field };
}
