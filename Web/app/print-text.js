// Booster's words and numbers, pure (no DOM): money from minor units, a distance, opening hours
// in words per day, an order's state as a progress step, and the options of a print job.

/** `cents` (integer minor units) as money: "€12.50" ("-€0.40" when negative). */
export function money(cents, currency = "EUR") {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(cents / 100);
}

/** A signed amount of credit: "+€5.00", "−€1.20". */
export function signedMoney(cents, currency = "EUR") {
  return `${cents < 0 ? "−" : "+"}${money(Math.abs(cents), currency)}`;
}

/** Metres as a walk's distance: "350 m", "1.2 km"; "" when unknown. */
export function distanceText(metres) {
  if (metres == null) return "";
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Minutes after midnight as "08:00" (1440 as "24:00"). */
export function clock(minutes) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/**
 * A shop's opening hours (`[{weekday: 1…7, 1 = Sunday, opens, closes}]`, minutes) as one line
 * per day, Monday first: `[{day: "Monday", hours: "08:00–20:00"}]`, "closed" on a day without
 * hours, "open 24 hours" for 0–1440, several spans joined by ", ".
 */
export function hoursInWords(hours) {
  const order = [2, 3, 4, 5, 6, 7, 1];
  return order.map((weekday) => {
    const spans = hours.filter((span) => span.weekday === weekday)
      .sort((a, b) => a.opens - b.opens);
    let text = "closed";
    if (spans.length === 1 && spans[0].opens === 0 && spans[0].closes >= 1440) {
      text = "open 24 hours";
    } else if (spans.length) {
      text = spans.map((span) => `${clock(span.opens)}–${clock(span.closes)}`).join(", ");
    }
    return { day: DAYS[weekday - 1], hours: text };
  });
}

/** The steps an order goes through, as the progress bar shows them. */
export const STEPS = ["Ordered", "Printing", "Ready to pick up"];

/**
 * Where an order's `state` stands: `{step: 0…2 (index in STEPS) or -1 when it left the path,
 * done: whether the path is finished, label: the state in words}`.
 */
export function progressOf(state) {
  switch (state) {
    case "ordered": return { step: 0, done: false, label: "Ordered, waiting in the queue" };
    case "printing": return { step: 1, done: false, label: "Printing" };
    case "done": return { step: 2, done: false, label: "Ready to pick up" };
    case "pickedUp": return { step: 3, done: true, label: "Picked up" };
    case "cancelled": return { step: -1, done: true, label: "Cancelled" };
    case "refused": return { step: -1, done: true, label: "Refused by the shop" };
    default: return { step: -1, done: false, label: String(state) };
  }
}

/** A job's options in words: "2 copies, black and white, two-sided, A4". */
/** "1 page", "3 pages": a count with its noun, singular for one. */
export function count(number, noun) {
  return `${number} ${noun}${number === 1 ? "" : "s"}`;
}

export function optionsText({ copies, colour, sides, paper }) {
  return [copies === 1 ? "1 copy" : `${copies} copies`,
    colour === "colour" ? "colour" : "black and white",
    sides === "two" ? "two-sided" : "one-sided", paper].join(", ");
}

/** A credit entry's kind in words. */
export function creditKind(kind) {
  return { topUp: "Top-up", charge: "Order", refund: "Refund" }[kind] ?? kind;
}

/** An instant (ISO text) as a local date and time: "Fri 27 Nov, 14:05". */
export function when(iso) {
  return new Date(iso).toLocaleString("en-GB", { weekday: "short", day: "numeric",
    month: "short", hour: "2-digit", minute: "2-digit" });
}

/** An instant as a time of day: "14:05". */
export function timeOfDay(iso) {
  return new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
}
