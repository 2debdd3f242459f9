// The pocket lists' layer (#pocket), loaded when first opened: the reader's lists (/lists,
// pocket-index.js), one of them (/lists/{id}) or a list shared by link (/s/{token}), both
// pocket-list.js. It lies over the list it was opened from (which keeps its place, inert, for
// Back), beneath a restaurant's page and a post's page opened from it (overlay.js), so Back
// from those finds it as it was. A visitor is sent to sign in for their own lists.
import { canGoBack, navigate } from "./router.js";
import { titleAt } from "./titles.js";

const layer = document.getElementById("pocket");
const behind = [document.getElementById("skip-link"), document.querySelector("header"),
  document.getElementById("bar"), document.getElementById("list-title"),
  document.getElementById("feed"), document.getElementById("status")].filter(Boolean);
/** The path shown, what had the focus before the layer opened, and the page's `close()`. */
let shownPath = null;
let opener = null;
let stop = () => {};

const back = () => (canGoBack() ? history.back() : navigate("/", { replace: true }));
/** Back from a list to the lists, or wherever Back leads. */
const backToLists = () => (canGoBack() ? history.back() : navigate("/lists", { replace: true }));

/** Shows the pocket route `route` ("lists", "list" or "shared") for `user` (null: a visitor). */
export async function openPocket(route, user) {
  const path = location.pathname;
  // Opening (the layer may be shown already: the server wrote a list's first screen in it).
  if (shownPath === null) {
    opener = document.activeElement;
    layer.hidden = false;
    for (const node of behind) node.inert = true;
  }
  layer.inert = false;
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === "lists" && route.name !== "shared") {
      link.setAttribute("aria-current", "page");
    } else link.removeAttribute("aria-current");
  }
  if (shownPath === path) return retitle();  // Back from a page over it: as it was
  const from = shownPath;
  stop();
  stop = () => {};
  shownPath = path;
  if (route.name !== "shared" && !user) {
    navigate(`/signin?next=${encodeURIComponent(path)}`, { replace: true });
    return;
  }
  if (route.name === "lists") {
    const { showIndex } = await import("./pocket-index.js");
    if (shownPath !== path) return;
    // Back from a list: its card has the focus.
    const cameFrom = /^\/lists\/(\d+)$/.exec(from ?? "")?.[1];
    stop = showIndex(layer, { close: back, focusList: cameFrom ? Number(cameFrom) : null });
    return;
  }
  const { showPocketList } = await import("./pocket-list.js");
  if (shownPath !== path) return;
  stop = showPocketList(layer, route.name === "shared"
    ? { token: route.params[0], close: back }
    : { id: Number(route.params[0]), close: backToLists, user });
}

let retitler = null;

/** Titles the document `title` while the pocket page is the page shown (not a post's page or a
 * restaurant's over it, whose title a list's live update must not take). */
export function titleWhileShown(title) {
  titleAt(shownPath, title);
}

/** Lets the page shown title the document again (Back from a page over it). */
export function onRetitle(retitle) {
  retitler = retitle;
}

function retitle() {
  retitler?.();
}

/** Takes the layer away; the list beneath is as it was, and the focus where it was. */
export function closePocket() {
  if (layer.hidden) return;
  stop();
  stop = () => {};
  shownPath = null;
  retitler = null;
  layer.hidden = true;
  layer.replaceChildren();
  layer.removeAttribute("aria-labelledby");
  for (const node of behind) node.inert = false;
  if (opener?.isConnected && !opener.closest("#pocket")) opener.focus({ preventScroll: true });
  opener = null;
}
