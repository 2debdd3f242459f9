// The account page (/account): change the password, given the current one (every other session
// of the account ends at once, with its streams; this one stays), and sign out everywhere. Each
// server error shows beside the field it names; a sign-in limit holds the form as long as asked.
import { api } from "./api.js";
import { backBar, element, labelledField, showFieldErrors } from "./dom.js";
import { guardSubmit } from "./form-guard.js";
import { signOut } from "./session.js";

/** Builds the page in `container` for `user`; `close()` is Back, `signedOut()` after signing
 * out everywhere. */
export function showAccountPage(container, { user, close, signedOut }) {
  const inputs = {};
  const errors = {};
  const field = (name, label, autocomplete, hint) => {
    inputs[name] = element("input", { id: `account-${name}`, name, type: "password",
      autocomplete, required: true });
    const [node, error] = labelledField(inputs[name], label, hint);
    errors[name] = error;
    return node;
  };
  const done = element("p", { role: "status", className: "compose-status" });
  const general = element("p", { className: "field-error", role: "alert" });
  // The name, for password managers to file the new password under.
  const username = element("input", { type: "text", name: "username", value: user.username,
    autocomplete: "username", hidden: true });
  const form = element("form", { className: "compose", noValidate: true },
    element("h2", { tabIndex: -1 }, "Your account"),
    element("p", {}, `Signed in as @${user.username}.`),
    element("h3", {}, "Change your password"),
    username,
    field("currentPassword", "Current password", "current-password"),
    field("newPassword", "New password", "new-password",
      "8 characters or more; other devices are signed out when it changes."),
    field("again", "New password again", "new-password"),
    general, done,
    element("button", { type: "submit" }, "Change password"));
  const everywhere = element("button", { type: "button" }, "Sign out everywhere");
  const outError = element("p", { className: "field-error", role: "alert" });
  const out = element("section", { className: "compose" },
    element("h3", {}, "Signed in elsewhere?"),
    element("p", {}, "Signing out everywhere ends every session of your account, this one too:"
      + " a lost phone or a shared computer is signed out at once."),
    outError, everywhere);
  container.replaceChildren(backBar(close), form, out);
  form.querySelector("h2").focus({ preventScroll: true });

  // A message beside the field it names, else above the button.
  const show = (name, message) => {
    if (errors[name]) showFieldErrors(inputs, errors, { [name]: message });
    else general.textContent = message;
  };
  guardSubmit(form, async () => {
    showFieldErrors(inputs, errors, {});
    general.textContent = "";
    done.textContent = "";
    const values = Object.fromEntries(new FormData(form));
    if (!values.currentPassword) return show("currentPassword", "enter your current password");
    if (values.newPassword !== values.again) return show("again", "the two new passwords differ");
    try {
      await api("PUT", "/api/me/password", { currentPassword: values.currentPassword,
        newPassword: values.newPassword }, { waitWhenLimited: false });
      form.reset();
      username.value = user.username;
      done.textContent = "Your password is changed. Every other device is signed out.";
    } catch (failure) {
      show(failure.field, failure.message);
      return failure.retryAfter;
    }
  });
  everywhere.addEventListener("click", async () => {
    outError.textContent = "";
    try {
      await signOut(true);
      signedOut();
    } catch (failure) {
      outError.textContent = failure.message;
    }
  });
}
