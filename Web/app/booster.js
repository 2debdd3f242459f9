// Booster, campus printing: its layer (#booster), loaded when a /print… page is first opened.
// It lies over the list (which keeps its place, inert, for Back) as the pocket lists do, with
// its own bar (back to LOTs, its pages) and one page at a time, each a module of its own:
// stores (print-home.js), a store (print-store.js), the order form (print-order-form.js), an
// order (print-order.js), the student's account (print-me.js), the shop's console
// (print-shop.js). Pages that need an account send a visitor to sign in and back.
import { api } from "./api.js";
import { element, stylesheet } from "./dom.js";
import { navigate } from "./router.js";
import { titleFor } from "./titles.js";

/**
 * What a page module is given. `me` is GET /api/print/me (null for a visitor).
 * @typedef {{user: object|null, me: object|null, params: string[], query: URLSearchParams,
 *   title: (text: string) => void}} BoosterContext
 */

const layer = document.getElementById("booster");
const behind = [document.getElementById("skip-link"), document.querySelector("header"),
  document.getElementById("bar"), document.getElementById("list-title"),
  document.getElementById("feed"), document.getElementById("status"),
  document.getElementById("footer")].filter(Boolean);
const PAGES = {
  print: () => import("./print-home.js"),
  printStore: () => import("./print-store.js"),
  printOrderForm: () => import("./print-order-form.js"),
  printOrder: () => import("./print-order.js"),
  printMe: () => import("./print-me.js"),
  printShop: () => import("./print-shop.js"),
};
const SIGNED_IN = new Set(["printOrderForm", "printOrder", "printMe", "printShop"]);
let shown = null;
let opener = null;
let stop = () => {};
let currentUser = null;
let me = null;

function bar(route) {
  const links = [["/print", "Stores", "print"], ["/print/order", "Order", "printOrderForm"],
    ["/print/me", "My page", "printMe"]];
  if (me?.staffStoreID != null) links.push(["/print/shop", "Shop console", "printShop"]);
  const nav = element("nav", { className: "booster-nav" },
    element("a", { href: "/", className: "home" }, "← LOTs"),
    ...links.map(([href, text, name]) => {
      const link = element("a", { href }, text);
      if (name === route.name) link.setAttribute("aria-current", "page");
      return link;
    }));
  nav.setAttribute("aria-label", "Booster");
  return element("div", { className: "booster-bar" },
    element("span", { className: "brand", ariaHidden: "true" }, "Booster"), nav);
}

/** Shows the Booster page of `route` for `user` (null: a visitor). */
export async function openBooster(route, user) {
  const path = location.pathname + location.search;
  const styled = stylesheet("/app/print.css");
  if (layer.hidden) {
    opener = document.activeElement;
    layer.hidden = false;
    for (const node of behind) node.inert = true;
  }
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === "print") link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (shown === path && currentUser === user) return;
  stop();
  stop = () => {};
  shown = path;
  currentUser = user;
  if (SIGNED_IN.has(route.name) && !user) {
    navigate(`/signin?next=${encodeURIComponent(path)}`, { replace: true });
    shown = null;
    return;
  }
  me = user ? await api("GET", "/api/print/me").catch(() => null) : null;
  const [page] = await Promise.all([PAGES[route.name](), styled]);
  if (shown !== path) return;
  const main = element("main", { className: "booster-page" });
  layer.replaceChildren(bar(route), main);
  const context = {
    user, me, params: route.params, query: new URLSearchParams(location.search),
    title: (text) => { document.title = text ? `${text} · Booster · LOTs` : titleFor(route); },
  };
  stop = page.show(main, context) ?? (() => {});
  if (opener && !layer.contains(document.activeElement)) {
    main.querySelector("h2")?.focus({ preventScroll: true });
  }
}

/** The reader signed in or out: the page shown starts over for them. */
export function changeBoosterUser(user) {
  if (layer.hidden) return;
  shown = null;
  import("./router.js").then(({ routeOf }) =>
    openBooster(routeOf(location.pathname + location.search), user));
}

/** Takes the layer away; the list beneath is as it was, and the focus where it was. */
export function closeBooster() {
  if (layer.hidden) return;
  stop();
  stop = () => {};
  shown = null;
  layer.hidden = true;
  layer.replaceChildren();
  for (const node of behind) node.inert = false;
  if (opener?.isConnected && !opener.closest("#booster")) opener.focus({ preventScroll: true });
  opener = null;
}
