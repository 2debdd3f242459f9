// An order's page (/print/orders/{id}): its progress (ordered → printing → ready), its place in
// the shop's queue and when it should be ready, live (each change of the order refetched and
// read out), Cancel while it waits (after a confirmation), the pickup code once it is ready,
// and the reason and refund when the shop refused it.
import { api } from "./api.js";
import { element } from "./dom.js";
import { alertLine, followPrint, heading, keepingFocus, statusLine } from "./print-kit.js";
import { table } from "./print-store.js";
import { progress, where } from "./print-progress.js";
import { count, money, optionsText, progressOf, when } from "./print-text.js";

function outcome(order) {
  const currency = order.quote.currency;
  if (order.state === "done") {
    return element("section", { className: "booster-card pickup" },
      element("h3", {}, "Pickup code"),
      element("p", { className: "pickup-code" }, order.pickupCode ?? ""),
      element("p", {}, `Show this code at ${order.storeName}.`
        + (order.pickupExpiresAt ? ` Valid until ${when(order.pickupExpiresAt)}.` : "")));
  }
  if (order.state === "refused") {
    return element("section", { className: "booster-card" }, element("h3", {}, "Refused"),
      element("p", {}, `The shop said: “${order.reason ?? ""}”`),
      element("p", {}, `${money(order.quote.total, currency)} refunded to your credit.`));
  }
  if (order.state === "cancelled") {
    return element("p", {}, `Cancelled: ${money(order.quote.total, currency)} refunded to your credit.`);
  }
  if (order.state === "pickedUp") return element("p", {}, "Picked up. Thank you!");
  return null;
}

/** Shows the page in `main`; returns the function that stops it. */
export function show(main, { params }) {
  const id = Number(params[0]);
  const alert = alertLine();
  const status = statusLine();
  const body = element("div");
  const dialog = element("dialog", { className: "confirm" });
  const dialogTitle = element("h3", { id: "cancel-title" }, "Cancel this order?");
  const keep = element("button", { type: "button", className: "quiet" }, "Keep the order");
  const confirm = element("button", { type: "button", className: "danger" }, "Cancel the order");
  dialog.setAttribute("aria-labelledby", dialogTitle.id);
  dialog.append(dialogTitle, element("p", {}, "Your credit is refunded at once."),
    element("div", { className: "dialog-actions" }, keep, confirm));
  main.append(heading(`Order ${id}`), status, alert, body, dialog);
  let last = null;
  let stopped = false;

  function render(order) {
    const cancel = element("button", { type: "button", className: "danger" }, "Cancel order");
    cancel.addEventListener("click", () => dialog.showModal());
    const lines = table("What you ordered", ["File", "Options", "Amount"],
      [...order.quote.lines.map((line) => [line.name, `${count(line.pages, "page")}; `
        + optionsText(line.options), money(line.amount, order.quote.currency)]),
      ["Total", order.quote.binding === "none" ? "" : `binding: ${order.quote.binding}`,
        money(order.quote.total, order.quote.currency)]]);
    keepingFocus(body, main.querySelector("h2"), () => body.replaceChildren(
      element("p", { className: "order-state" }, `${progressOf(order.state).label} · `,
        element("a", { href: `/print/stores/${order.storeID}` }, order.storeName)),
      ...(progressOf(order.state).step >= 0 && order.state !== "pickedUp"
        ? [progress(order.state)] : []),
      where(order), ...[outcome(order)].filter(Boolean),
      ...(order.state === "ordered" ? [cancel] : []), lines,
      element("p", { className: "hint" }, `Ordered ${when(order.createdAt)}`)));
  }

  async function load() {
    let order;
    try {
      order = await api("GET", `/api/print/orders/${id}`);
    } catch (failure) {
      alert.textContent = failure.message;
      return;
    }
    if (stopped) return;
    if (last && last.state !== order.state) {
      status.textContent = `Order ${id}: ${progressOf(order.state).label}.`
        + (order.state === "done" ? ` Pickup code ${order.pickupCode}.` : "");
    } else if (last && last.ordersAhead !== order.ordersAhead && order.state === "ordered") {
      status.textContent = `Order ${id}: ${order.ordersAhead} ahead of yours now.`;
    }
    last = order;
    render(order);
  }

  keep.addEventListener("click", () => dialog.close());
  confirm.addEventListener("click", async () => {
    dialog.close();
    try {
      const order = await api("POST", `/api/print/orders/${id}/cancel`, undefined,
        { waitWhenLimited: false });
      last = order;
      render(order);
      main.querySelector("h2").focus();  // Cancel, which had the focus, is gone
      status.textContent = `Order ${id} cancelled: ${money(order.quote.total,
        order.quote.currency)} refunded.`;
    } catch (failure) {
      alert.textContent = failure.message;
      load();
    }
  });
  load();
  const unfollow = followPrint("printOrder", (event) => {
    if (event.orderID === id) load();
  }, load);
  return () => {
    stopped = true;
    unfollow();
  };
}
