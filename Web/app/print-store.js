// A print shop's page (/print/stores/{id}): where it is and how far, whether it is open and its
// hours in words per day, its prices as a table, its queue, and "Order here".
import { api } from "./api.js";
import { element } from "./dom.js";
import { alertLine, heading, mapsLink } from "./print-kit.js";
import { queueText } from "./print-map.js";
import { distanceText, hoursInWords, money } from "./print-text.js";

const COLOUR = { colour: "Colour", blackAndWhite: "Black and white" };
const SIDES = { one: "One-sided", two: "Two-sided" };
const BINDING = { staple: "Staple", spiral: "Spiral binding" };

/** A table with a caption, column headings and rows of cells (the last column is money). */
export function table(caption, columns, rows) {
  const head = element("tr", {}, ...columns.map((text, i) => {
    const cell = element("th", { scope: "col" }, text);
    if (i === columns.length - 1) cell.className = "amount";
    return cell;
  }));
  const body = rows.map((cells) => element("tr", {}, ...cells.map((text, i) =>
    element(i === 0 ? "th" : "td", i === 0 ? { scope: "row" }
      : { className: i === cells.length - 1 ? "amount" : "" }, text))));
  // Scrolled sideways on a narrow screen: a named region that takes the focus, for keyboards.
  const wrap = element("div", { className: "table-wrap", tabIndex: 0 });
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", caption);
  wrap.append(element("table", {}, element("caption", {}, caption),
    element("thead", {}, head), element("tbody", {}, ...body)));
  return wrap;
}

function details(shop) {
  const currency = shop.prices.currency;
  const hours = element("dl", { className: "hours" }, ...hoursInWords(shop.hours).flatMap(
    ({ day, hours: text }) => [element("dt", {}, day), element("dd", {}, text)]));
  const sheets = table("Price per sheet", ["Paper", "Colour", "Sides", "Price"],
    shop.prices.sheets.map((sheet) => [sheet.paper, COLOUR[sheet.colour], SIDES[sheet.sides],
      money(sheet.perSheet, currency)]));
  const bindings = table("Binding", ["Binding", "Price"], shop.prices.bindings.map(
    (binding) => [BINDING[binding.binding] ?? binding.binding, money(binding.price, currency)]));
  const order = element("a", { href: `/print/order?store=${shop.id}`, className: "button" },
    "Order here");
  return [
    element("p", { className: "address" }, shop.address,
      shop.distance == null ? "" : ` · ${distanceText(shop.distance)} from your college`),
    element("p", { className: `facts ${shop.openNow ? "open" : "closed"}` },
      `${shop.openNow ? "Open now" : "Closed now"} · ${queueText(shop)} · prints about `
      + `${shop.pagesPerMinute} pages a minute · keeps finished orders ${shop.holdingHours} hours`),
    element("p", { className: "store-actions" }, order, " ", mapsLink(shop)),
    element("section", { className: "booster-card" }, element("h3", {}, "Opening hours"),
      element("p", { className: "hint" }, `Times in ${shop.timeZone.replace("_", " ")}`), hours),
    element("section", { className: "booster-card" }, element("h3", {}, "Prices"), sheets,
      bindings)];
}

/** Shows the page in `main`; returns the function that stops it. */
export function show(main, { params, query, title }) {
  const alert = alertLine();
  const head = heading("Print shop");
  main.append(head, alert);
  const college = query.get("collegeId");
  let stopped = false;
  api("GET", `/api/print/stores/${params[0]}${college ? `?collegeId=${encodeURIComponent(college)}` : ""}`)
    .then((shop) => {
      if (stopped) return;
      head.textContent = shop.name;
      title(shop.name);
      main.append(...details(shop));
    }).catch((failure) => { alert.textContent = failure.message; });
  return () => { stopped = true; };
}
