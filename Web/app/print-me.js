// The student's Booster page (/print/me): their college, credit balance and its history
// (top-ups, charges, refunds), their orders (active and past), and Sign out.
import { api } from "./api.js";
import { element } from "./dom.js";
import { alertLine, heading } from "./print-kit.js";
import { table } from "./print-store.js";
import { creditKind, money, progressOf, signedMoney, when } from "./print-text.js";
import { signOut } from "./session.js";

function orderList(orders, empty) {
  if (!orders.length) return element("p", {}, empty);
  return element("ul", { className: "active-orders" }, ...orders.map((order) =>
    element("li", {}, element("a", { href: `/print/orders/${order.id}` },
      `Order ${order.id} at ${order.storeName}`),
    ` · ${progressOf(order.state).label} · ${money(order.quote.total, order.quote.currency)}`
      + ` · ${when(order.createdAt)}`)));
}

/** Shows the page in `main`; returns the function that stops it. */
export function show(main, { me, user }) {
  const alert = alertLine();
  const out = element("button", { type: "button", className: "quiet" }, "Sign out");
  out.addEventListener("click", () => signOut().catch((f) => { alert.textContent = f.message; }));
  const college = element("p", {}, me?.college ? `College: ${me.college.name} ` : "No college yet. ",
    element("a", { href: "/print" }, me?.college ? "Change" : "Choose one"));
  const credit = element("section", { className: "booster-card" }, element("h3", {}, "Credit"));
  const orders = element("section", { className: "booster-card" }, element("h3", {}, "Orders"));
  main.append(heading("My page"), element("p", {}, `Signed in as ${user.username}`), college,
    alert, credit, orders, out);
  Promise.all([api("GET", "/api/print/credits"), api("GET", "/api/print/orders"),
    api("GET", "/api/print/orders?state=past")]).then(([credits, active, past]) => {
    credit.append(element("p", { className: "balance" }, money(credits.balance)),
      credits.items.length ? table("Credit history", ["When", "What", "Amount", "Balance"],
        credits.items.map((entry) => [when(entry.createdAt),
          creditKind(entry.kind) + (entry.orderID ? ` (order ${entry.orderID})` : "")
            + (entry.by ? ` by ${entry.by}` : ""),
          signedMoney(entry.amount), money(entry.balanceAfter)]))
        : element("p", {}, "No credit movements yet."));
    orders.append(element("h4", {}, "Active"), orderList(active.items, "None right now."),
      element("h4", {}, "Past"), orderList(past.items, "None yet."));
  }).catch((failure) => { alert.textContent = failure.message; });
  return () => {};
}
