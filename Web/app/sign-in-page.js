// Signing in or up on a page of its own (/signin, /signup, and in place on pages that need an
// account): the fields, the server's error beside the field it names, a link to the other.
import { signIn } from "./session.js";

/**
 * Builds the form in `container`: `mode` "in" or "up"; `reason` finishes the title ("to
 * post"); `then(user)` runs once signed in; `close()` is Back.
 */
export function showSignIn(container, { mode, reason = "", close, then }) {
  const up = mode === "up";
  const form = Object.assign(document.createElement("form"), { className: "compose" });
  const title = up ? "Create an account" : "Sign in";
  form.innerHTML = `<h2 tabindex="-1"></h2>
    <div class="field"><label for="gate-username">Username</label>
      <input id="gate-username" name="username" autocomplete="username" required
        aria-describedby="gate-username-error">
      <p class="field-error" id="gate-username-error"></p></div>
    <div class="field"><label for="gate-password">Password</label>
      <input id="gate-password" name="password" type="password" required
        aria-describedby="gate-password-error">
      <p class="field-error" id="gate-password-error"></p></div>
    <p class="field-error" id="gate-error" role="alert"></p>
    <button type="submit"></button>
    <p class="other"><a></a></p>`;
  form.querySelector("h2").textContent = reason ? `${title} ${reason}` : title;
  form.querySelector("button[type=submit]").textContent = up ? "Sign up" : "Sign in";
  form.querySelector("#gate-password").autocomplete = up ? "new-password" : "current-password";
  const other = form.querySelector(".other a");
  other.textContent = up ? "I have an account: sign in" : "New here? Create an account";
  other.href = `/${up ? "signin" : "signup"}${location.search}`;
  const back = Object.assign(document.createElement("button"),
    { type: "button", className: "back", textContent: "← Back" });
  back.setAttribute("aria-label", "Back");
  back.addEventListener("click", close);
  const bar = Object.assign(document.createElement("div"), { className: "bar" });
  bar.append(back);
  container.replaceChildren(bar, form);
  form.querySelector("input").focus();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    for (const error of form.querySelectorAll(".field-error")) error.textContent = "";
    try {
      then(await signIn(String(data.get("username")), String(data.get("password")), up));
    } catch (failure) {
      const field = { username: "#gate-username-error", password: "#gate-password-error" };
      form.querySelector(field[failure.field] ?? "#gate-error").textContent = failure.message;
    }
  });
}
