// Minimal sign-in, sign-up and sign-out on the home page. The server sets an HttpOnly session
// cookie: page script never sees a credential. Errors show beside the form.
import { api } from "./api.js";
import { element } from "./dom.js";
import { guardSubmit } from "./form-guard.js";
import { explain } from "./messages.js";
import { announce, clearNotice } from "./notice.js";

/** Forgets the reader's cached pages and photos (Web/app/offline.js, loaded when needed). */
const forgetUser = async () => (await import("./offline.js")).forgetUser();

const form = document.getElementById("session");
const error = document.getElementById("session-error");
const who = document.getElementById("who");

// Whether this browser signed in here: visitors never ask /api/me (its 401 is noise). It is a
// hint, not a credential: the cookie decides, and a stale hint is cleared on the first 401.
const HINT = "lots.signedIn";
let current = null;

function show(user) {
  current = user;
  if (user) {
    error.textContent = "";  // whatever the header said, however they signed in
    localStorage.setItem(HINT, "1");
  } else {
    localStorage.removeItem(HINT);
  }
  form.hidden = !!user;
  // What LOTs is and how to join, for a visitor; the Sign in / Sign up links are the form's
  // place on a phone.
  document.getElementById("intro").hidden = !!user;
  document.getElementById("gate-links").hidden = !!user;
  who.hidden = !user;
  const profile = document.getElementById("profile-link");
  profile.textContent = user ? `@${user.username}` : "";
  profile.setAttribute("aria-label", user ? `Profile @${user.username}` : "Profile");
  profile.dataset.nav = user ? `u/${user.username}` : "profile";  // aria-current when shown
  if (user) profile.href = `/u/${encodeURIComponent(user.username)}`;
  else profile.removeAttribute("href");
  document.getElementById("review-link").hidden = !user?.moderator;
  document.getElementById("lists-link").hidden = !user;
  document.dispatchEvent(new CustomEvent("sessionchange", { detail: { user } }));
}

/** Who is signed in (null for a visitor). */
export function currentUser() {
  return current;
}

/** Where a visitor signs in: the header's form where it shows (a wide screen), else its Sign in
 * link. */
export function signInControl() {
  const field = form.querySelector("input[name=username]");
  return field.offsetParent ? field : document.querySelector("#gate-links a[href='/signin']");
}

/**
 * Signs in (or up, with `signUp`) and tells the page; rejects with the server's error. A sign-in
 * limit (429) is not waited out in silence: it rejects at once, with `retryAfter`, for the form
 * to say so. The first account of a new LOTs moderates it: it is told so, in words.
 */
export async function signIn(username, password, signUp = false) {
  const session = await api("POST", signUp ? "/api/accounts" : "/api/sessions",
    { username, password }, { waitWhenLimited: false });
  // The answer names the user; /api/me adds their role (a moderator gets the review link).
  const user = await api("GET", "/api/me").catch(() => session.user);
  await forgetUser();  // nothing of whoever used this browser before
  clearNotice();
  show(user);
  if (signUp && user.moderator) {
    announce("Your account moderates this LOTs: reports reach you in the ",
      element("a", { href: "/moderation/" }, "Review queue"), ".");
  }
  return user;
}

// The controls are wired when this module is evaluated, before the app awaits its engine: a
// click that early is handled here, never submitted by the browser (the form's method is
// "dialog", so without script it goes nowhere, and a password never reaches a URL).
guardSubmit(form, async (event) => {
  const signUp = event.submitter?.value === "up";
  const data = new FormData(form);
  error.textContent = "";
  try {
    await signIn(String(data.get("username")), String(data.get("password")), signUp);
    form.reset();
  } catch (failure) {
    error.textContent = explain(failure);
    return failure;
  }
}, { messages: [error] });

/**
 * Signs out: this device's session, or with `everywhere` every session of the account (a lost
 * phone, a shared computer), their streams too; says so. Rejects with the server's error.
 */
export async function signOut(everywhere = false) {
  await api("DELETE", everywhere ? "/api/sessions" : "/api/sessions/current");
  await forgetUser();
  show(null);
  announce(everywhere ? "Signed out on every device." : "Signed out.");
}

/**
 * Forgets who was signed in after the server ended every session of theirs (their account
 * deleted): nothing of theirs is kept, the page reads signed out, and `note` says why.
 */
export async function forgetSession(note) {
  await forgetUser();
  show(null);
  error.textContent = "";  // not "ended on another device", if the stream noticed first
  announce(note);
}

document.getElementById("sign-out").addEventListener("click", async () => {
  try {
    await signOut();
    signInControl().focus();  // the button is gone: never to the page's body
  } catch (failure) {
    error.textContent = explain(failure);
  }
});

/**
 * Asks the server whether this browser's session still stands, if it believes it is signed in:
 * one ended elsewhere (signed out everywhere, the password changed on another device) signs this
 * page out too, and says why. For a stream that reconnected, which reads as a visitor's then.
 */
export async function confirmSession() {
  if (!localStorage.getItem(HINT)) return;
  try {
    await api("GET", "/api/me");
  } catch (failure) {
    // Signed out here meanwhile (the account deleted on this page): nothing more to say.
    if (failure.status !== 401 || !localStorage.getItem(HINT)) return;
    await forgetUser();
    show(null);
    error.textContent = "You were signed out: your session was ended on another device.";
  }
}

/** Who is signed in (null for a visitor). */
export async function startSession() {
  let user = null;
  if (localStorage.getItem(HINT)) {
    try {
      user = await api("GET", "/api/me");
    } catch (failure) {
      user = null;  // the session ended: reading stays open
      if (failure.status === 401) await forgetUser();
    }
  }
  show(user);
  return user;
}
