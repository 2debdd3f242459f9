// The shop's console (/print/shop, staff only): the queue oldest first, live (each change of
// the store's orders refetched), each order's files to download and its next step (Start
// printing, Done, Refuse with a reason), handing over by pickup code, open/closed and pages per
// minute, and cash top-ups of a student's credit.
import { api } from "./api.js";
import { element, labelledField } from "./dom.js";
import { alertLine, followPrint, heading, keepingFocus, statusLine } from "./print-kit.js";
import { count, money, optionsText, progressOf, when } from "./print-text.js";

function orderCard(order, act) {
  const files = element("ul", {}, ...order.quote.lines.map((line) => element("li", {},
    element("a", { href: `/api/print/files/${line.fileID}`, download: line.name },
      `Download ${line.name}`), ` · ${count(line.pages, "page")}; ${optionsText(line.options)}`)));
  const actions = element("div", { className: "actions" });
  const button = (text, run, className = "") => {
    const node = element("button", { type: "button", className }, text);
    node.setAttribute("aria-label", `${text}: order ${order.id}`);
    node.addEventListener("click", () => run(node));
    actions.append(node);
  };
  if (order.state === "ordered") button("Start printing", () => act(order, "start"));
  if (order.state === "printing") button("Done", () => act(order, "finish"));
  if (order.state === "ordered" || order.state === "printing") {
    button("Refuse", () => act(order, "refuse"), "danger");
  }
  const binding = order.quote.binding === "none" ? "" : ` · binding: ${order.quote.binding}`;
  return element("li", { className: "queue-order" },
    element("h3", {}, `Order ${order.id} · ${order.student}`),
    element("p", {}, `${progressOf(order.state).label} · ${order.pages} pages${binding} · `
      + `${money(order.quote.total, order.quote.currency)} · ${when(order.createdAt)}`),
    files, actions);
}

/** Shows the page in `main`; returns the function that stops it. */
export function show(main, { me }) {
  const alert = alertLine();
  const status = statusLine();
  if (me?.staffStoreID == null) {
    main.append(heading("Shop console"), element("p", {}, "This page is for print shop staff."));
    return () => {};
  }
  const head = heading("Shop console");
  const storeLine = element("p", {});
  const openButton = element("button", { type: "button" }, "Open for orders");
  const speed = element("input", { id: "shop-speed", type: "number", min: 1, max: 1000 });
  const [speedField, speedError] = labelledField(speed, "Pages per minute");
  const speedSave = element("button", { type: "submit" }, "Save speed");
  const queue = element("ol", { className: "queue" });
  const closed = element("ul", { className: "active-orders" });
  const code = element("input", { id: "pickup-code", inputMode: "numeric",
    autocomplete: "off", maxLength: 6 });
  const [codeField, codeError] = labelledField(code, "Pickup code");
  const pickup = element("form", { className: "form-row" }, codeField,
    element("button", { type: "submit" }, "Hand over"));
  const who = element("input", { id: "topup-username", autocomplete: "off" });
  const amount = element("input", { id: "topup-amount", type: "number", min: "0.01",
    max: "1000", step: "0.01" });
  const [whoField, whoError] = labelledField(who, "Student's username");
  const [amountField, amountError] = labelledField(amount, "Amount in euros");
  const topUp = element("form", { className: "form-row" }, whoField, amountField,
    element("button", { type: "submit" }, "Top up"));
  const dialog = element("dialog");
  const reason = element("textarea", { id: "refuse-reason", maxLength: 300, rows: 3 });
  const [reasonField, reasonError] = labelledField(reason, "Reason (the student sees it)");
  const refuseForm = element("form", {}, element("h3", { id: "refuse-title" }, "Refuse order"),
    reasonField, element("div", { className: "dialog-actions" },
      Object.assign(element("button", { type: "button", className: "quiet" }, "Back"),
        { onclick: () => dialog.close() }),
      element("button", { type: "submit", className: "danger" }, "Refuse and refund")));
  dialog.setAttribute("aria-labelledby", "refuse-title");
  dialog.append(refuseForm);
  const section = (title, ...children) => element("section", { className: "booster-card" },
    element("h3", {}, title), ...children);
  main.append(head, storeLine, status, alert,
    section("Queue", queue),
    section("Pickup", pickup),
    section("Shop", element("div", { className: "form-row" }, openButton),
      element("form", { className: "form-row speed" }, speedField, speedSave)),
    section("Cash top-up", topUp),
    section("Recently closed", closed), dialog);
  let refusing = null;
  let stopped = false;
  // PATCH /api/print/shop changes only what it is sent: the switch, or the speed.
  const patch = (change) => api("PATCH", "/api/print/shop", change, { waitWhenLimited: false });

  function render(console) {
    const shop = console.store;
    head.textContent = `Shop console: ${shop.name}`;
    storeLine.textContent = `${console.queue.length} in the queue · `
      + `${shop.openNow ? "open now" : console.isOpen ? "outside opening hours" : "closed"}`;
    openButton.setAttribute("aria-pressed", String(console.isOpen));
    if (document.activeElement !== speed) speed.value = shop.pagesPerMinute;
    keepingFocus(queue, code, () => {
      queue.replaceChildren(...console.queue.map((order) => orderCard(order, act)));
      if (!console.queue.length) queue.append(element("li", {}, "No orders waiting."));
    });
    closed.replaceChildren(...console.closed.map((order) => element("li", {},
      `Order ${order.id} · ${order.student} · ${progressOf(order.state).label}`)));
  }

  async function load() {
    try {
      const console = await api("GET", "/api/print/shop");
      if (!stopped) render(console);
    } catch (failure) {
      alert.textContent = failure.message;
    }
  }

  async function act(order, step) {
    alert.textContent = "";
    if (step === "refuse") {
      refusing = order;
      reason.value = "";
      reasonError.textContent = "";
      dialog.showModal();
      return;
    }
    try {
      await api("POST", `/api/print/shop/orders/${order.id}/${step}`, undefined,
        { waitWhenLimited: false });
      status.textContent = `Order ${order.id}: ${step === "start" ? "printing" : "ready to pick up"}.`;
    } catch (failure) {
      alert.textContent = failure.message;
    }
    await load();
    (queue.querySelector("button") ?? code).focus();  // no step left: the pickup code next
  }

  refuseForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", `/api/print/shop/orders/${refusing.id}/refuse`,
        { reason: reason.value.trim() }, { waitWhenLimited: false });
    } catch (failure) {
      reasonError.textContent = failure.message;
      reason.focus();
      return;
    }
    dialog.close();
    status.textContent = `Order ${refusing.id} refused and refunded.`;
    await load();
  });
  openButton.addEventListener("click", async () => {
    const opening = openButton.getAttribute("aria-pressed") !== "true";
    try {
      render(await patch({ isOpen: opening }));
      status.textContent = opening ? "The shop takes orders." : "The shop is closed for orders.";
    } catch (failure) { alert.textContent = failure.message; }
  });
  speedSave.form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      render(await patch({ pagesPerMinute: Number(speed.value) }));
      speedError.textContent = "";
      status.textContent = `Speed saved: ${speed.value} pages a minute.`;
    } catch (failure) {
      speedError.textContent = failure.message;
      speed.focus();
    }
  });
  pickup.addEventListener("submit", async (event) => {
    event.preventDefault();
    codeError.textContent = "";
    code.setAttribute("aria-invalid", "false");
    try {
      const order = await api("POST", "/api/print/shop/pickup", { code: code.value.trim() },
        { waitWhenLimited: false });
      status.textContent = `Order ${order.id} handed over to ${order.student}.`;
      code.value = "";
      load();
    } catch (failure) {
      codeError.textContent = failure.status === 429 && failure.retryAfter
        ? `${failure.message} Try again in ${Math.ceil(failure.retryAfter)} seconds.`
        : failure.message;
      code.setAttribute("aria-invalid", "true");
      code.focus();
    }
  });
  topUp.addEventListener("submit", async (event) => {
    event.preventDefault();
    whoError.textContent = amountError.textContent = "";
    const cents = Math.round(Number(amount.value) * 100);
    try {
      const entry = await api("POST", "/api/print/shop/top-ups",
        { username: who.value.trim(), amount: cents }, { waitWhenLimited: false });
      status.textContent = `${money(entry.amount)} added to ${who.value.trim()}'s credit: `
        + `${money(entry.balanceAfter)} now.`;
      who.value = amount.value = "";
    } catch (failure) {
      const [input, error] = failure.field === "username" ? [who, whoError] : [amount, amountError];
      error.textContent = failure.message;
      input.focus();
    }
  });
  load();
  const unfollow = followPrint("printQueue", load, load);
  return () => {
    stopped = true;
    unfollow();
  };
}
