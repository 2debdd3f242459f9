// The app's own "Not found" page: an address that names no page, a post that is not there (or
// not shown to this reader), a profile of no one, a restaurant LOTs does not know. A heading, why, and the way to Main.
import { element } from "./dom.js";
import { titled } from "./titles.js";

const page = document.getElementById("not-found");
const REPLACED = ["feed", "bar", "list-title"].map((id) => document.getElementById(id));

function reason(what, name) {
  if (what === "post") {
    return "There is no post at this address: it was deleted, or it is not shown to you.";
  }
  if (what === "profile") return `No one on LOTs is called @${name}.`;
  if (what === "restaurant") return "There is no restaurant at this address on LOTs.";
  if (what === "list") {
    return "There is no list at this address: it was deleted, it is not yours, or its link "
      + "was no longer shared.";
  }
  return "There is no page at this address on LOTs.";
}

/**
 * Appends the Not found page's content to `container` (after its Back bar, in a page over the
 * list), for a `what` ("page", "post", "restaurant", "list" or "profile", whose `name` it says), titles the document
 * and focuses the heading.
 */
export function notFoundIn(container, what = "page", name = "") {
  const heading = element("h2", { id: "not-found-title", tabIndex: -1 }, "Not found");
  container.append(element("div", { className: "not-found" }, heading,
    element("p", {}, reason(what, name)),
    element("p", {}, element("a", { href: "/", className: "button-link" }, "Go to Main"))));
  document.title = titled("Not found");
  heading.focus({ preventScroll: true });
}

/** The Not found page in place of the list (an address no route knows, a profile of no one). */
export function showNotFound(what = "page", name = "") {
  for (const node of REPLACED) node.hidden = true;
  document.getElementById("status").textContent = "";
  document.getElementById("live").textContent = "";
  page.replaceChildren();
  page.hidden = false;
  notFoundIn(page, what, name);
}

/** The list again, where the Not found page was. */
export function hideNotFound() {
  if (page.hidden) return;
  page.hidden = true;
  page.replaceChildren();
  document.getElementById("feed").hidden = false;
  document.getElementById("bar").hidden = false;
}
