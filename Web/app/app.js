// The LOTs web app: its lists (lists.js) laid out by the Swift engine in WebAssembly, pages over
// them (overlay.js, loaded when first opened), who is signed in (session.js), and the URL of
// each (router.js) with its title (titles.js); offline, a service worker (offline.js,
// registered once the page has loaded).
import { loadEngine } from "../toolkit/index.js";
import { connectivity } from "./api.js";
import "./bell.js";
import { changeUser, shownList, showList, specFor, startLists } from "./lists.js";
import { hideNotFound, showNotFound } from "./not-found.js";
import { startRouter } from "./router.js";
import { startSaved } from "./saved.js";
import { showSearchText } from "./search-box.js";
import { signInControl, startSession } from "./session.js";
import { titleFor } from "./titles.js";

const detail = document.getElementById("detail");
const place = document.getElementById("place");
const footer = document.getElementById("footer");
const offlineBanner = document.getElementById("offline");
const pocket = document.getElementById("pocket");
const overlay = () => import("./overlay.js");
const pocketPages = () => import("./pocket.js");
const searchHead = document.getElementById("search-head");
// Pocket lists (/lists, /lists/{id}, /s/{token}): a layer of their own (pocket.js) over the
// list, beneath a restaurant's page and a post's page opened from them.
const POCKET = new Set(["lists", "list", "shared"]);
// Booster, campus printing (/print…): a layer of its own too (booster.js), loaded when opened.
const BOOSTER = new Set(["print", "printStore", "printOrderForm", "printOrder", "printMe",
  "printShop"]);
const booster = document.getElementById("booster");
const boosterPages = () => import("./booster.js");
const PAGES = new Set(["detail", "place", "post", "account", "signin", "signup",
  "notifications"]);
// Pages the server titles by what they show (a post, a restaurant): their first title is its.
const TITLED = new Set(["detail", "place", "list", "shared"]);
let user = null;
// The server answers an address of nothing (no such page, post or person) with the app and
// status 404: the first route shown is then the Not found page.
let missingAtLoad = performance.getEntriesByType?.("navigation")[0]?.responseStatus === 404;
let firstRoute = true;

/** Where focus goes when the page that held it closed and left it nowhere (a Sign out there). */
function landFocus() {
  if (document.activeElement && document.activeElement !== document.body) return;
  (user ? document.querySelector("header nav [aria-current=page]") : signInControl())?.focus();
}

function showPage(route) {
  const id = route.params[0];
  if (route.name === "detail") return overlay().then((pages) => pages.openPost(id, user));
  if (route.name === "place") return overlay().then((pages) => pages.openPlace(id));
  if (route.name === "post") return overlay().then((pages) => pages.openCompose(user));
  if (route.name === "account") return overlay().then((pages) => pages.openAccount(user));
  if (route.name === "notifications") {
    return overlay().then((pages) => pages.openNotifications(user));
  }
  // Sign in or up, then back where the visitor was going, or Main.
  const next = new URLSearchParams(location.search).get("next");
  return overlay().then((pages) => pages.openSignIn(route.name === "signup", next));
}

function showRoute(route) {
  const missing = missingAtLoad || route.name === "missing";
  // A post's page is titled by its post once loaded (detail.js), a restaurant's by the
  // restaurant (place-page.js); the server titled the first.
  if (!firstRoute || !TITLED.has(route.name)) document.title = titleFor(route);
  missingAtLoad = firstRoute = false;
  // beneath a page, as the list is
  footer.inert = (PAGES.has(route.name) || POCKET.has(route.name) || BOOSTER.has(route.name))
    && !missing;
  if (!missing) hideNotFound();
  if (PAGES.has(route.name) && !missing) return showPage(route);
  const closing = !detail.hidden || !place.hidden
    ? overlay().then((pages) => pages.closeOverlay()) : Promise.resolve();
  if (POCKET.has(route.name) && !missing) {
    const shut = booster.hidden ? closing
      : closing.then(() => boosterPages()).then((pages) => pages.closeBooster());
    return shut.then(() => pocketPages()).then((pages) => pages.openPocket(route, user));
  }
  if (BOOSTER.has(route.name) && !missing) {
    const shut = pocket.hidden ? closing
      : closing.then(() => pocketPages()).then((pages) => pages.closePocket());
    return shut.then(() => boosterPages()).then((pages) => pages.openBooster(route, user));
  }
  const leftBooster = booster.hidden ? closing
    : closing.then(() => boosterPages()).then((pages) => pages.closeBooster());
  const left = pocket.hidden ? leftBooster
    : leftBooster.then(() => pocketPages()).then((pages) => pages.closePocket());
  if (!detail.hidden || !place.hidden || !pocket.hidden || !booster.hidden) left.then(landFocus);
  const spec = specFor(route);
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === spec.name && !missing) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  // A search's results: what was asked stays in the box; their heading, restaurants and
  // people above the list (search-page.js, loaded when first shown).
  const query = route.name === "search" && !missing ? route.params[0] : null;
  showSearchText(query ?? "");
  if (query !== null || !searchHead.hidden) {
    import("./search-page.js").then((page) => page.showSearch(query));
  }
  if (missing) {
    const what = { detail: "post", profile: "profile", place: "restaurant", list: "list",
      shared: "list" }[route.name]
      ?? "page";
    return showNotFound(what, spec.owner);
  }
  if (shownList()?.name !== spec.name) showList(spec);
}

const engine = await loadEngine();
// Signing in or out changes what the lists show (blocks, likes): they start over.
document.addEventListener("sessionchange", ({ detail: change }) => {
  user = change.user;
  changeUser(user);
  startSaved(user);
  if (!booster.hidden) boosterPages().then((pages) => pages.changeBoosterUser(user));
});
// A banner while the server cannot be reached; what was loaded stays readable.
connectivity.addEventListener("offline", () => { offlineBanner.hidden = false; });
connectivity.addEventListener("online", () => { offlineBanner.hidden = true; });
addEventListener("offline", () => { offlineBanner.hidden = false; });
user = await startSession();
startLists(engine, user);
startSaved(user);
startRouter(showRoute);
// On a demo server: whom to sign in as, and how far the demo photos are.
import("./demo-banner.js").then((demo) => demo.startDemoBanner(document.querySelector("header")));
// After the page's own loading (its first photos included), never competing with it.
const registerOffline = () => import("./offline.js").then((offline) => offline.registerOffline());
if (document.readyState === "complete") registerOffline();
else addEventListener("load", registerOffline, { once: true });
