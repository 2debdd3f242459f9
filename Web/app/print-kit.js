// What Booster's pages share: their heading, a live line, a link to open a place in the map
// app, a file upload, and following the server's stream for print events.
import { element } from "./dom.js";
import { EventStream, followingStream, streamEvents } from "./event-stream.js";

/**
 * Redraws `area` with `draw()` (a live update) keeping the keyboard where it was: on the button
 * or link of the same name if it is still there, else on the area's first one, else on
 * `fallback`. A redraw never drops the focus of someone working the page to the document.
 * @param {HTMLElement} area
 * @param {HTMLElement} fallback
 * @param {() => void} draw
 */
export function keepingFocus(area, fallback, draw) {
  const focused = area.contains(document.activeElement) ? document.activeElement : null;
  const nameOf = (node) => `${node.tagName} ${node.getAttribute("aria-label") ?? node.textContent}`;
  const name = focused && nameOf(focused);
  draw();
  if (!focused) return;
  const controls = [...area.querySelectorAll("button, a[href]")];
  (controls.find((control) => nameOf(control) === name) ?? controls[0] ?? fallback).focus();
}

/** The page's heading (the layer's name, focused when the page opens). */
export function heading(text) {
  return element("h2", { id: "booster-title", tabIndex: -1 }, text);
}

/** A line read out when it changes (role=status). */
export function statusLine(className = "booster-status") {
  const line = element("p", { className });
  line.setAttribute("role", "status");
  return line;
}

/** A line for a failure, read out at once (role=alert). */
export function alertLine() {
  const line = element("p", { className: "booster-alert" });
  line.setAttribute("role", "alert");
  return line;
}

/** "Open in maps" for `shop` (RFC 5870 geo: URI), named after the shop. */
export function mapsLink(shop) {
  const link = element("a", { href: `geo:${shop.latitude},${shop.longitude}`,
    className: "maps-link" }, "Open in maps");
  link.setAttribute("aria-label", `Open ${shop.name} in maps`);
  return link;
}

/**
 * Calls `heard(event)` for each stream event of `kind` ("printOrder", "printQueue"), and
 * `reopened()` when the stream connects again after a cut (what changed meanwhile was
 * missed); opens the tab's stream if none is followed. Returns the function that stops.
 */
export function followPrint(kind, heard, reopened = () => {}) {
  const onEvent = ({ detail: event }) => { if (event.kind === kind) heard(event); };
  const onOpen = ({ detail: { resumed } }) => { if (resumed) reopened(); };
  streamEvents.addEventListener("event", onEvent);
  streamEvents.addEventListener("open", onOpen);
  const own = followingStream() ? null : new EventStream(() => null);
  own?.open();
  return () => {
    streamEvents.removeEventListener("event", onEvent);
    streamEvents.removeEventListener("open", onOpen);
    own?.close();
  };
}

/**
 * Uploads `file` as the one part "file" of POST /api/print/files; resolves to the server's
 * answer (`{id, name, kind, pages, bytes, deleteAfter}`) or rejects with its message.
 */
export async function uploadPrintFile(file, name = file.name) {
  const form = new FormData();
  form.append("file", file, name);
  let response;
  try {
    response = await fetch("/api/print/files", { method: "POST", body: form,
      credentials: "same-origin" });
  } catch {
    throw new Error("the server cannot be reached");
  }
  const json = await response.json().catch(() => null);
  if (!response.ok) {
    throw Object.assign(new Error(json?.error?.message ?? `HTTP ${response.status}`),
      { status: response.status, field: json?.error?.field });
  }
  return json;
}
