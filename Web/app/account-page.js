// The account page (/account): who is signed in, their profile (and a moderator's Review queue),
// sign out of this device; change the password, given the current one (every other session
// of the account ends at once, with its streams; this one stays); the people they blocked,
// to unblock; sign out everywhere; download their data (account-data.js); and, at the bottom,
// delete the account (account-delete.js). Each server error shows beside the field it names; a
// sign-in limit holds the form as long as asked.
import { dataSection } from "./account-data.js";
import { deleteSection } from "./account-delete.js";
import { api } from "./api.js";
import { blockedPeople } from "./blocked-people.js";
import { backBar, element, labelledField, showFieldErrors, stylesheet } from "./dom.js";
import { guardSubmit } from "./form-guard.js";
import { explain, sentence } from "./messages.js";
import { signOut } from "./session.js";

/** Who is signed in, with their profile, a moderator's Review queue, and Sign out (of this
 * device); `signedOut()` after it. */
function whoSection(user, signedOut) {
  const out = element("button", { type: "button" }, "Sign out");
  const error = element("p", { className: "field-error", role: "alert" });
  out.addEventListener("click", () => leave(signOut(), error, signedOut));
  const links = [element("a", { href: `/u/${encodeURIComponent(user.username)}` }, "Your posts")];
  if (user.moderator) links.push(element("a", { href: "/moderation/" }, "Review queue"));
  return element("section", { className: "compose who" },
    element("h2", { tabIndex: -1 }, "Your account"),
    element("p", { className: "other" }, `Signed in as @${user.username}. `,
      ...links.flatMap((link, index) => (index ? [" · ", link] : [link]))),
    error, out);
}

/** Signing out (`signing`), then `signedOut()`; else the reason in `error`. */
async function leave(signing, error, signedOut) {
  error.textContent = "";
  try {
    await signing;
    signedOut();
  } catch (failure) {
    error.textContent = explain(failure);
  }
}

/** Builds the page in `container` for `user`; `close()` is Back, `signedOut()` after signing
 * out (of this device, or everywhere). */
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
  const who = whoSection(user, signedOut);
  stylesheet("/app/account.css");
  container.replaceChildren(backBar(close), who, form, blockedPeople(), out, dataSection(),
    deleteSection(user, signedOut));
  who.querySelector("h2").focus({ preventScroll: true });

  // A message beside the field it names, else above the button.
  const show = (name, message) => {
    if (errors[name]) showFieldErrors(inputs, errors, { [name]: sentence(message) });
    else general.textContent = sentence(message);
  };
  // One key per change asked for: the automatic retries of a request whose answer was lost,
  // and the person's own "Change password" again with the same passwords, reuse it, so a
  // change that was made is not then refused as a wrong current password.
  let pending = null;
  guardSubmit(form, async () => {
    showFieldErrors(inputs, errors, {});
    general.textContent = "";
    done.textContent = "";
    const values = Object.fromEntries(new FormData(form));
    if (!values.currentPassword) return show("currentPassword", "Enter your current password.");
    if (values.newPassword !== values.again) return show("again", "The two new passwords differ.");
    const asked = `${values.currentPassword}\u0000${values.newPassword}`;
    if (pending?.asked !== asked) pending = { asked, key: crypto.randomUUID() };
    try {
      await api("PUT", "/api/me/password", { currentPassword: values.currentPassword,
        newPassword: values.newPassword }, { waitWhenLimited: false, idempotencyKey: pending.key });
      pending = null;
      form.reset();
      username.value = user.username;
      done.textContent = "Your password is changed. Every other device is signed out.";
    } catch (failure) {
      show(failure.field, explain(failure));
      return failure;
    }
  }, { messages: [general] });
  everywhere.addEventListener("click", () => leave(signOut(true), outError, signedOut));
}
