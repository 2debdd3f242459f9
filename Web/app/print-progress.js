// An order's way through a shop, as the order's page and Booster's first page show it: the
// progress bar (ordered → printing → ready) and its place in the queue with the ready time.
import { element } from "./dom.js";
import { STEPS, progressOf, timeOfDay } from "./print-text.js";

/** The progress bar of an order in `state`: a list whose current step is marked, named `label`. */
export function progress(state, label = "Progress") {
  const { step } = progressOf(state);
  const list = element("ol", { className: "progress" }, ...STEPS.map((text, i) => {
    const item = element("li", {}, text);
    if (i === step) item.setAttribute("aria-current", "step");
    else if (i < step) item.className = "passed";
    return item;
  }));
  list.setAttribute("aria-label", label);
  return list;
}

/** Where an order waits: the orders and pages ahead of it, and when it should be ready. */
export function where(order) {
  const parts = [];
  if (order.state === "ordered" && order.ordersAhead != null) {
    parts.push(order.ordersAhead === 0 ? "Next in the queue."
      : `${order.ordersAhead} ${order.ordersAhead === 1 ? "order" : "orders"} `
        + `(${order.pagesAhead} pages) ahead of yours.`);
  }
  if (order.readyAt) parts.push(`Ready at about ${timeOfDay(order.readyAt)}.`);
  return element("p", { className: "queue-place" }, parts.join(" "));
}
