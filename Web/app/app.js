// The LOTs web app: its lists (lists.js) laid out by the Swift engine in WebAssembly, pages over
// them (overlay.js, loaded when first opened), who is signed in (session.js), and the URL of
// each (router.js); offline, a service worker (offline.js, registered once the page has loaded).
import { loadEngine } from "../toolkit/index.js";
import { connectivity } from "./api.js";
import { changeUser, shownList, showList, specFor, startLists } from "./lists.js";
import { startRouter } from "./router.js";
import { startSession } from "./session.js";

const detail = document.getElementById("detail");
const offlineBanner = document.getElementById("offline");
const overlay = () => import("./overlay.js");
let user = null;

function showRoute(route) {
  if (route.name === "detail") return overlay().then((pages) => pages.openPost(route.params[0], user));
  if (route.name === "post") return overlay().then((pages) => pages.openCompose(user));
  if (route.name === "account") return overlay().then((pages) => pages.openAccount(user));
  if (route.name === "signin" || route.name === "signup") {
    // Back where the visitor was going, or Main.
    const next = new URLSearchParams(location.search).get("next");
    return overlay().then((pages) => pages.openSignIn(route.name === "signup", next));
  }
  if (!detail.hidden) overlay().then((pages) => pages.closeOverlay());
  const spec = specFor(route);
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === spec.name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (shownList()?.name !== spec.name) showList(spec);
}

const engine = await loadEngine();
// Signing in or out changes what the lists show (blocks, likes): they start over.
document.addEventListener("sessionchange", ({ detail: change }) => {
  user = change.user;
  changeUser(user);
});
// A banner while the server cannot be reached; what was loaded stays readable.
connectivity.addEventListener("offline", () => { offlineBanner.hidden = false; });
connectivity.addEventListener("online", () => { offlineBanner.hidden = true; });
addEventListener("offline", () => { offlineBanner.hidden = false; });
user = await startSession();
startLists(engine, user);
startRouter(showRoute);
// After the page's own loading (its first photos included), never competing with it.
const registerOffline = () => import("./offline.js").then((offline) => offline.registerOffline());
if (document.readyState === "complete") registerOffline();
else addEventListener("load", registerOffline, { once: true });
