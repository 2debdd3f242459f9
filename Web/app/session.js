// Minimal sign-in, sign-up and sign-out on the home page. The server sets an HttpOnly session
// cookie: page script never sees a credential. Errors show beside the form.
import { api } from "./api.js";

const form = document.getElementById("session");
const error = document.getElementById("session-error");
const who = document.getElementById("who");

// Whether this browser signed in here: visitors never ask /api/me (its 401 is noise). It is a
// hint, not a credential: the cookie decides, and a stale hint is cleared on the first 401.
const HINT = "lots.signedIn";

function show(user) {
  if (user) localStorage.setItem(HINT, "1");
  else localStorage.removeItem(HINT);
  form.hidden = !!user;
  who.hidden = !user;
  who.querySelector("span").textContent = user ? `@${user.username}` : "";
  document.getElementById("review-link").hidden = !user?.moderator;
  document.dispatchEvent(new CustomEvent("sessionchange", { detail: { user } }));
}

/** Signs in (or up, with `signUp`) and tells the page; rejects with the server's error. */
export async function signIn(username, password, signUp = false) {
  const session = await api("POST", signUp ? "/api/accounts" : "/api/sessions",
    { username, password });
  const user = await api("GET", "/api/me").catch(() => session.user);
  show(user);
  return user;
}

/** Who is signed in (null for a visitor), and wires the controls. */
export async function startSession() {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const signUp = event.submitter?.value === "up";
    const data = new FormData(form);
    error.textContent = "";
    try {
      const session = await api("POST", signUp ? "/api/accounts" : "/api/sessions",
        { username: data.get("username"), password: data.get("password") });
      form.reset();
      // The answer names the user; /api/me adds their role (a moderator gets the review link).
      show(await api("GET", "/api/me").catch(() => session.user));
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  who.querySelector("button").addEventListener("click", async () => {
    try {
      await api("DELETE", "/api/sessions/current");
      show(null);
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  let user = null;
  if (localStorage.getItem(HINT)) {
    try {
      user = await api("GET", "/api/me");
    } catch {
      user = null;  // the session ended: reading stays open
    }
  }
  show(user);
  return user;
}
