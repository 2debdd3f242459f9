// The order form (/print/order): a store (preselected by ?store=), files uploaded one by one
// (each shows its pages, or the server's refusal beside it), options per file and a binding,
// then the server's quote line by line with its total, and "Pay" with the quote's token. The
// payment's Idempotency-Key is made with the quote and kept for every retry of that payment,
// so that a retry after a lost answer never charges twice; a new quote makes a new key.
import { api } from "./api.js";
import { element } from "./dom.js";
import { alertLine, heading, statusLine, uploadPrintFile } from "./print-kit.js";
import { takePendingFiles } from "./print-photo.js";
import { count, money, optionsText } from "./print-text.js";
import { table } from "./print-store.js";
import { navigate } from "./router.js";

let serial = 0;

function select(id, label, choices, value) {
  const input = element("select", { id },
    ...choices.map(([key, text]) => element("option", { value: key, selected: key === value },
      text)));
  return [element("div", { className: "field" }, element("label", { htmlFor: id }, label), input),
    input];
}

const unique = (values) => [...new Set(values)];

/** One file of the order: its card, its options, its error line. */
function fileCard(file, shop, remove, changed) {
  const n = ++serial;
  const card = element("li", { className: "print-file" });
  const title = element("h3", {}, file.name);
  const note = element("p", { className: "file-note" }, "Uploading…");
  const error = element("p", { className: "field-error", id: `file-${n}-error` });
  error.setAttribute("role", "alert");
  const sheets = shop?.prices.sheets ?? [];
  const papers = unique(sheets.map((s) => s.paper));
  const copies = element("input", { id: `file-${n}-copies`, type: "number", min: 1, max: 100,
    value: 1, className: "copies", required: true });
  const [colourField, colour] = select(`file-${n}-colour`, "Colour", [["blackAndWhite",
    "Black and white"], ["colour", "Colour"]], "blackAndWhite");
  const [sidesField, sides] = select(`file-${n}-sides`, "Sides", [["one", "One-sided"],
    ["two", "Two-sided"]], "one");
  const [paperField, paper] = select(`file-${n}-paper`, "Paper",
    (papers.length ? papers : ["A4"]).map((p) => [p, p]), "A4");
  const options = element("fieldset", {},
    element("legend", { className: "visually-hidden" }, `Options for ${file.name}`),
    element("div", { className: "field" }, element("label", { htmlFor: copies.id }, "Copies"),
      copies), colourField, sidesField, paperField);
  options.disabled = true;
  for (const input of [copies, colour, sides, paper]) {
    input.setAttribute("aria-describedby", error.id);
    input.addEventListener("change", changed);
    input.addEventListener("input", changed);
  }
  const removeButton = element("button", { type: "button", className: "quiet" }, "Remove");
  removeButton.setAttribute("aria-label", `Remove ${file.name}`);
  removeButton.addEventListener("click", () => remove(entry));
  card.append(title, note, error, options, removeButton);
  const entry = {
    card, file, id: null, error, note, options,
    /** The quote's line for it (POST /api/print/quote's `files[i]`). */
    job: () => ({ fileId: entry.id, copies: Number(copies.value), colour: colour.value,
      sides: sides.value, paper: paper.value }),
    focus: () => copies.focus(),
  };
  return entry;
}

function quoteView(quote) {
  const rows = quote.lines.map((line) => [line.name,
    `${count(line.pages, "page")}; ${optionsText(line.options)}; ${count(line.sheets, "sheet")} at `
    + money(line.perSheet, quote.currency), money(line.amount, quote.currency)]);
  if (quote.binding !== "none") {
    rows.push([`Binding: ${quote.binding}`, "", money(quote.bindingPrice, quote.currency)]);
  }
  rows.push(["Total", "", money(quote.total, quote.currency)]);
  return table("Quote", ["File", "What", "Amount"], rows);
}

/** Shows the page in `main`; returns the function that stops it. */
export function show(main, { me, query }) {
  const alert = alertLine();
  const status = statusLine();
  const files = [];
  let shop = null;
  let quote = null;
  let paymentKey = null;
  let queue = Promise.resolve();
  const [storeField, store] = select("order-store", "Print shop", [], "");
  const picker = element("input", { id: "order-files", type: "file", multiple: true,
    accept: "application/pdf,image/jpeg,image/png,image/heic,.pdf,.jpg,.jpeg,.png,.heic" });
  const list = element("ul", { className: "print-files" });
  const [bindingField, binding] = select("order-binding", "Binding", [["none", "None"]], "none");
  const quoteButton = element("button", { type: "button" }, "Get quote");
  const quoteBox = element("div", { className: "quote" });
  const payButton = element("button", { type: "button", hidden: true }, "Pay");
  const balance = element("p", { className: "hint" },
    me ? `Your credit: ${money(me.balance)}` : "");

  const invalidate = () => {
    quote = null;
    paymentKey = null;
    quoteBox.replaceChildren();
    payButton.hidden = true;
  };
  const remove = (entry) => {
    files.splice(files.indexOf(entry), 1);
    entry.card.remove();
    invalidate();
    picker.focus();
  };

  async function loadShop() {
    shop = await api("GET", `/api/print/stores/${store.value}`);
    binding.replaceChildren(element("option", { value: "none" }, "None"),
      ...shop.prices.bindings.map((b) => element("option", { value: b.binding },
        `${b.binding === "staple" ? "Staple" : "Spiral binding"} (${money(b.price,
          shop.prices.currency)})`)));
    invalidate();
  }

  /** Adds `file` (a File, or `{name}` when `done`, its upload, is given). */
  async function add(file, done) {
    const entry = fileCard(file, shop, remove, invalidate);
    files.push(entry);
    list.append(entry.card);
    invalidate();
    try {
      // One upload at a time: the server takes few at once from one person.
      const turn = queue.then(() => done ?? uploadPrintFile(file));
      queue = turn.catch(() => {});
      const uploaded = await turn;
      entry.id = uploaded.id;
      entry.note.textContent = `${uploaded.pages} ${uploaded.pages === 1 ? "page" : "pages"}`
        + (uploaded.kind === "image" ? " (photo)" : "");
      entry.options.disabled = false;
    } catch (failure) {
      entry.note.textContent = "Not uploaded";
      entry.error.textContent = `${file.name}: ${failure.message}`;
    }
  }

  picker.addEventListener("change", () => {
    for (const file of picker.files) add(file);
    picker.value = "";
  });
  store.addEventListener("change", () => loadShop().catch((f) => { alert.textContent = f.message; }));
  binding.addEventListener("change", invalidate);

  const body = () => ({ storeId: Number(store.value), binding: binding.value,
    files: files.filter((entry) => entry.id).map((entry) => entry.job()) });

  function showError(failure) {
    const ready = files.filter((entry) => entry.id);
    const match = /^files\[(\d+)\]/.exec(failure.field ?? "");
    const index = match ? Number(match[1]) : failure.field === "files" ? failure.index : null;
    const entry = index != null ? ready[index] : null;
    if (entry) {
      entry.error.textContent = failure.message;
      entry.focus();
    } else alert.textContent = failure.message;
  }

  quoteButton.addEventListener("click", async () => {
    alert.textContent = "";
    for (const entry of files) if (entry.id) entry.error.textContent = "";
    if (!files.some((entry) => entry.id)) {
      alert.textContent = "Add a file to print first.";
      picker.focus();
      return;
    }
    try {
      quote = await api("POST", "/api/print/quote", body(), { waitWhenLimited: false });
    } catch (failure) {
      showError(failure);
      return;
    }
    paymentKey = crypto.randomUUID();
    quoteBox.replaceChildren(quoteView(quote));
    payButton.textContent = `Pay ${money(quote.total, quote.currency)}`;
    payButton.hidden = false;
    status.textContent = `Quote: ${money(quote.total, quote.currency)} in all.`;
  });

  payButton.addEventListener("click", async () => {
    if (!quote) return;
    alert.textContent = "";
    payButton.disabled = true;
    try {
      const order = await api("POST", "/api/print/orders", { ...body(), token: quote.token },
        { idempotencyKey: paymentKey, waitWhenLimited: false });
      navigate(`/print/orders/${order.id}`);
    } catch (failure) {
      payButton.disabled = false;
      if (failure.field === "token") {
        invalidate();
        alert.textContent = `${failure.message} Get a new quote.`;
      } else showError(failure);
    }
  });

  main.append(heading("New print order"), balance, alert, status,
    element("div", { className: "form-row" }, storeField),
    element("section", { className: "booster-card" }, element("h3", {}, "Files"),
      element("label", { htmlFor: picker.id }, "Add files (PDF or photos)"), " ", picker,
      element("p", { className: "hint" }, "Up to 25 MB a file and 100 MB an order."),
      element("p", { className: "hint" }, "Only you and the shop's staff can open your files. "
        + "They are deleted a day after you add them unless you order them, and a week after "
        + "your order is collected, cancelled or refused."),
      list),
    element("div", { className: "form-row" }, bindingField, quoteButton),
    quoteBox, payButton);

  // A photo sent from a post's page (print-photo.js), uploaded already.
  const pending = takePendingFiles();
  const wanted = query.get("store");
  // Without a college the server lists no shops: then the one asked for, alone.
  const shops = me?.college ? api("GET", "/api/print/stores").then(({ items }) => items)
    : wanted ? api("GET", `/api/print/stores/${wanted}`).then((shop) => [shop])
      : Promise.resolve([]);
  shops.then((shops) => {
      store.replaceChildren(...shops.map((s) => element("option", { value: String(s.id),
        selected: String(s.id) === wanted }, `${s.name}${s.openNow ? "" : " (closed)"}`)));
      if (!shops.length) alert.textContent = "Choose your college on the Stores page first.";
      return (shops.length ? loadShop() : Promise.resolve())
        .then(() => { for (const done of pending) add(done, done); });
    }).catch((failure) => { alert.textContent = failure.message; });
  return () => {};
}
