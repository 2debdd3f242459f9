// Signing in or up on a page of its own (/signin, /signup, and in place on pages that need an
// account): the fields, the server's error beside the field it names, a link to the other.
// Someone already signed in is told so, with a way to sign out (and then the form) or back.
import { backBar, element, labelledField } from "./dom.js";
import { guardSubmit } from "./form-guard.js";
import { explain } from "./messages.js";
import { currentUser, signIn, signOut } from "./session.js";

/**
 * Builds the form in `container`: `mode` "in" or "up"; `reason` finishes the title ("to
 * post"); `then(user)` runs once signed in; `close()` is Back.
 */
export function showSignIn(container, options) {
  const user = currentUser();
  if (user) return showSignedIn(container, user, options);
  const { mode, reason = "", close, then } = options;
  const up = mode === "up";
  const title = up ? "Create an account" : "Sign in";
  /** A labelled field with its error beside it (`aria-describedby`). */
  const field = (name, label, properties) => labelledField(
    element("input", { id: `gate-${name}`, name, required: true, ...properties }), label)[0];
  const general = element("p", { className: "field-error", id: "gate-error", role: "alert" });
  const form = element("form", { className: "compose" },
    element("h2", { tabIndex: -1 }, reason ? `${title} ${reason}` : title),
    field("username", "Username", { autocomplete: "username" }),
    field("password", "Password", { type: "password",
      autocomplete: up ? "new-password" : "current-password" }),
    general,
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
      form.querySelector(beside[failure.field] ?? "#gate-error").textContent = explain(failure);
      return failure;
    }
  }, { messages: [general] });
}

/** For someone signed in already: who, a way out (then the form, to sign in as another), and
 * a way back to the app. */
function showSignedIn(container, user, options) {
  const out = element("button", { type: "button" }, "Sign out");
  const error = element("p", { className: "field-error", role: "alert" });
  const heading = element("h2", { tabIndex: -1 }, `You are signed in as @${user.username}`);
  const section = element("section", { className: "compose who" }, heading,
    element("p", {}, "To sign in as someone else, or to create another account, sign out first."),
    error, out,
    element("p", { className: "other" }, element("a", { href: "/" }, "Back to LOTs")));
  container.replaceChildren(backBar(options.close), section);
  heading.focus({ preventScroll: true });
  out.addEventListener("click", async () => {
    error.textContent = "";
    try {
      await signOut();
      showSignIn(container, options);
    } catch (failure) {
      error.textContent = explain(failure);
    }
  });
}
