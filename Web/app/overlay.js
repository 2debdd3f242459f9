// Pages over the list — a post (/p/{id}), Post (/post), sign in and sign up, the account —
// loaded when one is first opened. The list beneath stays as it was (inert: its place, its
// cells) until Back, which gives the focus back to where it was: the cell a post was opened
// from. Escape closes a post's page (Back).
import { canGoBack, navigate } from "./router.js";
import { focusPost, scrollListToTop } from "./lists.js";

const detail = document.getElementById("detail");
const behind = [document.getElementById("skip-link"), document.querySelector("header"),
  document.getElementById("bar"), document.getElementById("list-title"),
  document.getElementById("feed"), document.getElementById("status")].filter(Boolean);
let opener = null;
/** The post whose page was opened over the list (its cell gets the focus back), or null. */
let openedPost = null;
/** Whether the page shown is a post's. */
let postShown = false;

const back = () => (canGoBack() ? history.back() : navigate("/", { replace: true }));

function open(render, post = null) {
  if (detail.hidden) {
    opener = document.activeElement;
    openedPost = post;
  }
  postShown = post !== null;
  detail.hidden = false;
  for (const node of behind) node.inert = true;
  render();
}

// Escape leaves a post's page, unless something in it handled the key (its report form).
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || detail.hidden || !postShown || event.defaultPrevented) return;
  event.preventDefault();
  back();
});

/** The sign-in form in place, for a page that needs an account (`reason` finishes its title);
 * `reopen(user)` shows that page once signed in. */
async function signInFirst(reason, reopen) {
  const { showSignIn } = await import("./sign-in-page.js");
  showSignIn(detail, { mode: "in", reason, close: back, then: reopen });
}

/** Post `id`'s page, for `user` (null for a visitor). */
export function openPost(id, user) {
  open(async () => {
    const { showDetail } = await import("./detail.js");
    showDetail(detail, id, { user, close: back, gone: back });
  }, Number(id));
}

/** The Post page; a visitor signs in first, on the page itself, and comes back to it. */
export function openCompose(user) {
  open(async () => {
    if (!user) return signInFirst("to post", openCompose);
    const { showPostPage } = await import("./post-page.js");
    showPostPage(detail, {
      close: back,
      // Main, at the top, where the new post arrives through the stream and slides in.
      posted: () => {
        navigate("/", { replace: true });
        scrollListToTop();
      },
    });
  });
}

/** The account page (password, sign out everywhere); a visitor signs in first, in place. */
export function openAccount(user) {
  open(async () => {
    if (!user) return signInFirst("to see your account", openAccount);
    const { showAccountPage } = await import("./account-page.js");
    showAccountPage(detail, { user, close: back,
      signedOut: () => navigate("/", { replace: true }) });
  });
}

/** Sign in (or up, with `up`), then on to `next` (a same-site path only), else Main. */
export function openSignIn(up, next) {
  const target = next && /^\/(?!\/)/.test(next) ? next : "/";
  open(async () => {
    const { showSignIn } = await import("./sign-in-page.js");
    showSignIn(detail, { mode: up ? "up" : "in", close: back,
      then: () => navigate(target, { replace: true }) });
  });
}

/** Takes the page away; the list is as it was, and the focus where it was. */
export function closeOverlay() {
  if (detail.hidden) return;
  detail.hidden = true;
  detail.replaceChildren();
  for (const node of behind) node.inert = false;
  // A cell may have been recycled for another post meanwhile: the post's own cell, if shown.
  const fromList = opener?.closest?.("#feed");
  if (!(fromList && openedPost !== null && focusPost(openedPost)) && opener?.isConnected) {
    opener.focus({ preventScroll: true });
  }
  opener = null;
  openedPost = null;
  postShown = false;
}
