// Pages over the list — a post (/p/{id}), Post (/post), sign in and sign up, the account, the
// notifications — loaded when one is first opened. The list beneath stays as it was (inert: its
// place, its cells) until Back, which gives the focus back to where it was: the cell a post was
// opened from. Escape closes a post's page (Back). A restaurant's page (/r/{id}, place-page.js) is
// a layer of its own (#place) between the list and those pages: it lies over the list the same
// way, and a post opened from it lies over it, so Back from the post finds it as it was.
import { canGoBack, navigate } from "./router.js";
import { focusPost, scrollListToTop } from "./lists.js";

const detail = document.getElementById("detail");
const place = document.getElementById("place");
// A pocket list's page (pocket.js) lies beneath a restaurant's page and a post's page.
const pocket = document.getElementById("pocket");
const placePage = () => import("./place-page.js");
const behind = [document.getElementById("skip-link"), document.querySelector("header"),
  document.getElementById("bar"), document.getElementById("list-title"),
  document.getElementById("feed"), document.getElementById("status")].filter(Boolean);
let opener = null;
/** The post whose page was opened over the list (its cell gets the focus back), or null. */
let openedPost = null;
/** Whether the page shown is a post's. */
let postShown = false;
/** What had the focus when the restaurant's page opened over the list, and the post of the
 * cell it was in (a restaurant's link on a cell), if any. */
let placeOpener = null;
let placeOpenerPost = null;

/** The post a list's cell around `node` shows, or null. */
function postOf(node) {
  const id = node?.closest?.("#feed .post")?.querySelector("img")?.dataset.post;
  return id ? Number(id) : null;
}
/** The restaurant shown in #place, or null. */
let placeID = null;

const back = () => (canGoBack() ? history.back() : navigate("/", { replace: true }));

function open(render, post = null) {
  if (detail.hidden) {
    opener = document.activeElement;
    openedPost = post;
  }
  postShown = post !== null;
  detail.hidden = false;
  for (const node of behind) node.inert = true;
  place.inert = true;  // a page over a restaurant's
  pocket.inert = true;  // or over a pocket list's
  render();
}

// Escape leaves a post's page or a restaurant's, unless something in it handled the key (a
// post's report form).
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  if (detail.hidden ? place.hidden : !postShown) return;
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

/** Restaurant `id`'s page, over the list (a post's page over it goes: Back from the post). */
export function openPlace(id) {
  const number = Number(id);
  const opened = detail.hidden ? document.activeElement : opener;
  closePage();
  if (!place.hidden && placeID === number) {
    placePage().then((page) => page.retitle());
    return;
  }
  // Opening (the layer may be shown already: the server wrote a restaurant's first screen in
  // it, and no page of this script has opened it).
  if (placeID === null) {
    placeOpener = opened;
    placeOpenerPost = postOf(opened);
  }
  placeID = number;
  place.hidden = false;
  place.inert = false;
  pocket.inert = true;
  for (const node of behind) node.inert = true;
  placePage().then((page) => page.showPlace(place, number, { close: back }));
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

/** The reader's notifications (notifications.js); a visitor signs in first, in place. */
export function openNotifications(user) {
  open(async () => {
    if (!user) return signInFirst("to see your notifications", openNotifications);
    const { showNotifications } = await import("./notifications.js");
    showNotifications(detail, { user, close: back });
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

/** Takes the pages away; the list is as it was, and the focus where it was. */
export function closeOverlay() {
  closePage(place.hidden);
  if (place.hidden) return;
  place.hidden = true;
  placeID = null;
  placePage().then((page) => page.closePlace());
  place.replaceChildren();
  place.removeAttribute("aria-labelledby");
  for (const node of behind) node.inert = !pocket.hidden;
  pocket.inert = false;
  // The cell may show another post by now (recycled): the post's own cell, if shown.
  const post = placeOpenerPost;
  if (placeOpener?.isConnected && postOf(placeOpener) === post) {
    placeOpener.focus({ preventScroll: true });
  } else if (post !== null) {
    focusPost(post);
  }
  placeOpener = null;
  placeOpenerPost = null;
}

/** Takes the page over the list or the restaurant's away; the focus goes back where it was
 * (with `refocus`: not when the restaurant's page goes too). */
async function closePage(refocus = true) {
  if (detail.hidden) return;
  detail.hidden = true;
  detail.replaceChildren();
  for (const node of behind) node.inert = !place.hidden || !pocket.hidden;
  place.inert = false;
  pocket.inert = !place.hidden;
  // A cell may have been recycled for another post meanwhile: the post's own cell, if shown.
  const fromList = opener?.closest?.("#feed");
  const fromPlace = opener?.closest?.("#place");
  const post = openedPost;
  const focused = opener;
  opener = null;
  openedPost = null;
  postShown = false;
  if (!refocus) return;
  if (post !== null && fromList && focusPost(post)) return;
  if (post !== null && fromPlace && (await placePage()).focusPlacePost(post)) return;
  if (focused?.isConnected) focused.focus({ preventScroll: true });
}
