// Booster's first page (/print): the signed-in student's active orders at the top, a college
// chooser (saved to the account, or ?collegeId for a visitor), the college's print shops
// nearest first (starred first) with whether each is open, its queue and a star, and below the
// list a map of them (print-map.js). The list is the primary view.
import { api } from "./api.js";
import { element } from "./dom.js";
import { alertLine, followPrint, heading, mapsLink, statusLine } from "./print-kit.js";
import { queueText, showMap } from "./print-map.js";
import { progress, where } from "./print-progress.js";
import { distanceText, money, progressOf } from "./print-text.js";
import { navigate } from "./router.js";

/** The student's active orders, each with its progress and place in the queue. */
function activeOrders(orders) {
  const list = element("ul", { className: "active-orders" }, ...orders.map((order) =>
    element("li", {}, element("a", { href: `/print/orders/${order.id}` },
      `Order ${order.id} at ${order.storeName}: ${progressOf(order.state).label}`),
    progress(order.state, `Progress of order ${order.id}`), where(order))));
  const section = element("section", { className: "booster-card" },
    element("h3", { id: "active-orders-title" }, "Your orders"), list);
  section.setAttribute("aria-labelledby", "active-orders-title");
  return section;
}

/** The college chooser: a search box and its matches as buttons. */
function chooser(current, choose) {
  const input = element("input", { id: "college-q", type: "search", autocomplete: "off",
    placeholder: "Type a college's name" });
  const matches = element("ul", { className: "college-matches" });
  const said = element("p", { className: "college-current" },
    current ? `Your college: ${current.name}` : "Choose your college to see the shops near it.");
  let asked = 0;
  const search = async () => {
    const mine = ++asked;
    let items;
    try {
      ({ items } = await api("GET", `/api/print/colleges?q=${encodeURIComponent(input.value)}`));
    } catch (failure) {
      if (mine === asked) matches.replaceChildren(element("li", { role: "alert" }, failure.message));
      return;
    }
    if (mine !== asked) return;
    // A late answer redraws the matches: a keyboard user on one keeps their place on it.
    const focused = matches.contains(document.activeElement) ? document.activeElement.textContent
      : null;
    matches.replaceChildren(...items.map((college) => element("li", {},
      Object.assign(element("button", { type: "button", className: "college-choice" },
        college.name), { onclick: () => choose(college) }))));
    if (focused != null) {
      [...matches.querySelectorAll("button")].find((b) => b.textContent === focused)?.focus();
    }
  };
  input.addEventListener("input", search);
  search();
  const section = element("section", { className: "booster-card college" },
    element("h3", { id: "college-title" }, "College"), said,
    element("label", { htmlFor: "college-q" }, "Find your college"), input, matches);
  section.setAttribute("aria-labelledby", "college-title");
  return section;
}

function storeItem(shop, star) {
  const facts = [distanceText(shop.distance) && `${distanceText(shop.distance)} away`,
    shop.openNow ? "Open now" : "Closed", queueText(shop)].filter(Boolean);
  const cheapest = Math.min(...shop.prices.sheets.map((sheet) => sheet.perSheet));
  facts.push(`from ${money(cheapest, shop.prices.currency)} a sheet`);
  const item = element("li", { className: "store" },
    element("h3", {}, element("a", { href: `/print/stores/${shop.id}` }, shop.name)),
    element("p", { className: "address" }, shop.address),
    element("p", { className: `facts ${shop.openNow ? "open" : "closed"}` }, facts.join(" · ")),
    element("p", { className: "store-actions" }, mapsLink(shop)));
  if (star) {
    const button = element("button", { type: "button", className: "star" },
      shop.favourite ? "★" : "☆");
    button.setAttribute("aria-pressed", String(shop.favourite));
    button.setAttribute("aria-label", `Favourite ${shop.name}`);
    button.addEventListener("click", () => star(shop, button));
    item.querySelector("h3").after(button);
  }
  return item;
}

/** Shows the page in `main`; returns the function that stops it. */
export function show(main, { user, me, query }) {
  let stopMap = () => {};
  let stopped = false;
  const collegeId = query.get("collegeId");
  const status = statusLine();
  const alert = alertLine();
  const top = element("div", { className: "orders-slot" });
  const list = element("ol", { className: "stores" });
  const listTitle = element("h3", { id: "stores-title" }, "Print shops");
  const mapBox = element("div", { className: "map" });
  const mapSection = element("section", { className: "map-section" },
    element("h3", { id: "map-title" }, "Map"), mapBox);
  mapSection.setAttribute("aria-labelledby", "map-title");
  const storesSection = element("section", { className: "stores-section" }, listTitle, list);
  storesSection.setAttribute("aria-labelledby", "stores-title");
  let college = me?.college ?? null;
  const chooserSlot = element("div");
  main.append(heading("Booster: print on campus"), element("p", { className: "lead" },
    "Send your files to a print shop near your college, pay with your credit and pick them up."),
  top, chooserSlot, alert, status, storesSection, mapSection);

  const choose = async (picked) => {
    if (user) {
      await api("PUT", "/api/print/me/college", { collegeId: picked.id });
      college = picked;
      render();
      chooserSlot.querySelector("input").focus();  // the chosen button went with the old chooser
      status.textContent = `College set to ${picked.name}.`;
    } else navigate(`/print?collegeId=${picked.id}`, { replace: true });
  };

  const star = async (shop, button) => {
    const on = button.getAttribute("aria-pressed") !== "true";
    try {
      await api(on ? "PUT" : "DELETE", `/api/print/stores/${shop.id}/favourite`);
    } catch (failure) {
      alert.textContent = failure.message;
      return;
    }
    status.textContent = on ? `${shop.name} is a favourite: it comes first.`
      : `${shop.name} is no longer a favourite.`;
    await loadStores();
    list.querySelector(`[aria-label="Favourite ${CSS.escape(shop.name)}"]`)?.focus();
  };

  async function loadStores() {
    const path = collegeId ? `/api/print/stores?collegeId=${encodeURIComponent(collegeId)}`
      : "/api/print/stores";
    if (!collegeId && !college) {
      list.replaceChildren();
      mapSection.hidden = true;
      storesSection.hidden = true;
      return;
    }
    let answer;
    try {
      answer = await api("GET", path);
    } catch (failure) {
      alert.textContent = failure.message;
      return;
    }
    if (stopped) return;
    college = answer.college;
    storesSection.hidden = false;
    mapSection.hidden = false;
    listTitle.textContent = `Print shops near ${college.name}`;
    list.replaceChildren(...answer.items.map((shop) => storeItem(shop, user ? star : null)));
    stopMap();
    stopMap = () => {};
    showMap(mapBox, college, answer.items).then((remove) => {
      if (stopped) remove(); else stopMap = remove;
    }).catch((failure) => { mapBox.textContent = failure.message; });
  }

  function render() {
    chooserSlot.replaceChildren(chooser(college, choose));
    loadStores();
  }

  if (collegeId && !user) college = null;
  render();
  // The active orders, live: each change of one is fetched again and said.
  let states = null;
  async function loadOrders() {
    let items;
    try {
      ({ items } = await api("GET", "/api/print/orders"));
    } catch {
      return;
    }
    if (stopped) return;
    top.replaceChildren(...(items.length ? [activeOrders(items)] : []));
    const changed = states && items.find((order) => states.get(order.id) !== order.state);
    if (changed) status.textContent = `Order ${changed.id}: ${progressOf(changed.state).label}.`;
    states = new Map(items.map((order) => [order.id, order.state]));
  }
  const unfollow = user ? followPrint("printOrder", loadOrders, loadOrders) : () => {};
  if (user) loadOrders();
  return () => {
    stopped = true;
    unfollow();
    stopMap();
  };
}
