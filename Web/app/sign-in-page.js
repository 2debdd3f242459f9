// Signing in or up on a page of its own (/signin, /signup, and in place on pages that need an
// account): the fields, the server's error beside the field it names, a link to the other.
import { backBar, element, labelledField } from "./dom.js";
import { guardSubmit } from "./form-guard.js";
import { signIn } from "./session.js";

/**
 * Builds the form in `container`: `mode` "in" or "up"; `reason` finishes the title ("to
 * post"); `then(user)` runs once signed in; `close()` is Back.
 */
export function showSignIn(container, { mode, reason = "", close, then }) {
  const up = mode === "up";
  const title = up ? "Create an account" : "Sign in";
  /** A labelled field with its error beside it (`aria-describedby`). */
  const field = (name, label, properties) => labelledField(
    element("input", { id: `gate-${name}`, name, required: true, ...properties }), label)[0];
  const form = element("form", { className: "compose" },
    element("h2", { tabIndex: -1 }, reason ? `${title} ${reason}` : title),
    field("username", "Username", { autocomplete: "username" }),
    field("password", "Password", { type: "password",
      autocomplete: up ? "new-password" : "current-password" }),
    element("p", { className: "field-error", id: "gate-error", role: "alert" }),
    element("button", { type: "submit" }, up ? "Sign up" : "Sign in"),
    element("p", { className: "other" }, element("a", {
      href: `/${up ? "signin" : "signup"}${location.search}`,
    }, up ? "I have an account: sign in" : "New here? Create an account")));
  container.replaceChildren(backBar(close), form);
  form.querySelector("input").focus();
  guardSubmit(form, async () => {
    const data = new FormData(form);
    for (const error of form.querySelectorAll(".field-error")) error.textContent = "";
    try {
      then(await signIn(String(data.get("username")), String(data.get("password")), up));
    } catch (failure) {
      const beside = { username: "#gate-username-error", password: "#gate-password-error" };
      form.querySelector(beside[failure.field] ?? "#gate-error").textContent = failure.message;
      return failure.retryAfter;
    }
  });
}
