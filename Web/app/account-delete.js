// The account page's "Delete your account": what deleting takes away, said plainly before
// anything is asked; the password; then a modal dialog that asks once more ("Keep my account"
// has the focus, Escape keeps it too, and the focus goes back to the form's button). Deleted
// (DELETE /api/me), every session of the account is over and the server clears the cookie: the
// page reads signed out, and says so. A refusal (a wrong password, the sign-in limit, which
// holds the form as long as asked) shows beside the password; a request that failed says so
// above the button, which tries again.
import { api } from "./api.js";
import { element, labelledField, showFieldErrors } from "./dom.js";
import { guardSubmit } from "./form-guard.js";
import { explain } from "./messages.js";
import { forgetSession } from "./session.js";

/** What goes with the account, item by item. */
const GONE = ["your posts and their photos;", "your likes, comments and lists;",
  "your print orders, their files and your credits;",
  "every session: you are signed out on every device."];

/** The confirmation: a modal dialog, whose `ask()` resolves to whether they confirmed. */
function confirmation(user) {
  const title = element("h3", { id: "delete-confirm-title" }, `Delete @${user.username}?`);
  const text = element("p", { id: "delete-confirm-text" }, "Your posts, photos, likes, "
    + "comments, lists, print orders, files and credits are deleted, and you are signed out "
    + "everywhere. This cannot be undone.");
  const keep = element("button", { type: "button", className: "keep" }, "Keep my account");
  const remove = element("button", { type: "button", className: "delete" },
    "Delete my account");
  const dialog = element("dialog", { className: "account-dialog" }, title, text,
    element("div", { className: "dialog-buttons" }, keep, remove));
  dialog.setAttribute("aria-labelledby", title.id);
  dialog.setAttribute("aria-describedby", text.id);
  let settle = null;
  // Settled in the same task as the click or the key: the browser sends `close` a task later.
  const finish = (sure) => {
    if (dialog.open) dialog.close();
    settle?.(sure);
    settle = null;
  };
  keep.addEventListener("click", () => finish(false));
  remove.addEventListener("click", () => finish(true));
  dialog.addEventListener("cancel", (event) => {  // Escape
    event.preventDefault();
    finish(false);
  });
  // The page left under it. (A `close` is sent a task after the dialog closed: one that
  // arrives after the dialog opened again, asked again at once, is not about this asking.)
  dialog.addEventListener("close", () => {
    if (!dialog.open) finish(false);
  });
  const ask = () => new Promise((resolve) => {
    settle = resolve;
    dialog.showModal();
    keep.focus();
  });
  return { dialog, ask };
}

/** The section and its dialog; `signedOut()` once the account is deleted (the page goes to
 * Main). */
export function deleteSection(user, signedOut) {
  const input = element("input", { id: "account-delete-password", name: "password",
    type: "password", autocomplete: "current-password", required: true });
  const [field, error] = labelledField(input, "Your password",
    "To be sure it is you who asks.");
  const inputs = { password: input };
  const errors = { password: error };
  const general = element("p", { className: "field-error", role: "alert" });
  const doing = element("p", { role: "status", className: "compose-status" });
  const submit = element("button", { type: "submit", className: "delete" },
    "Delete my account…");
  const heading = element("h3", { id: "delete-title" }, "Delete your account");
  const { dialog, ask } = confirmation(user);
  // The name, for password managers to find the password by.
  const username = element("input", { type: "text", name: "username", value: user.username,
    autocomplete: "username", hidden: true });
  const form = element("form", { className: "compose account-delete", noValidate: true },
    heading,
    element("p", {}, "Deleting your account takes away, for good:"),
    element("ul", {}, ...GONE.map((item) => element("li", {}, item))),
    element("p", {}, "Reports you made stay with the moderators, without your name. Nobody "
      + `can take the name @${user.username} for 30 days. This cannot be undone.`),
    username, field, general, doing, submit);
  form.setAttribute("aria-labelledby", heading.id);

  const show = (failure) => {
    const message = explain(failure);
    // The password's refusals, and the sign-in limit's, beside the password.
    if (failure.field === "password" || [400, 403, 429].includes(failure.status)) {
      showFieldErrors(inputs, errors, { password: message });
    } else {
      general.textContent = message;
    }
  };

  guardSubmit(form, async () => {
    showFieldErrors(inputs, errors, {});
    general.textContent = "";
    doing.textContent = "";
    const password = input.value;
    if (!password) return showFieldErrors(inputs, errors, { password: "Enter your password." });
    const sure = await ask();
    submit.focus({ preventScroll: true });  // where the dialog was opened from
    if (!sure) return;
    doing.textContent = "Deleting your account…";
    try {
      // Not sent again by itself: a retry after a lost answer would find the session ended.
      await api("DELETE", "/api/me", { password },
        { waitWhenLimited: false, retryUnreachable: false });
    } catch (failure) {
      doing.textContent = "";
      // Signed out already: the account went with an answer that was lost, or its sessions
      // were ended elsewhere.
      if (failure.status === 401) {
        await forgetSession("You are signed out.");
        signedOut();
        return;
      }
      show(failure);
      return failure;
    }
    form.reset();
    await forgetSession(`Your account @${user.username} is deleted.`);
    signedOut();
  }, { messages: [error, general] });
  // The dialog beside the form, not in it: the form is busy while the dialog asks.
  return element("div", { className: "account-delete-place" }, form, dialog);
}
