// The account page's "Blocked people": whom the reader blocked, newest first
// (GET /api/me/blocks, never shown to anyone else), each with Unblock. An unblocked person's
// row goes, the page says so, and focus moves to the next row (or the section's heading).
import { api } from "./api.js";
import { element } from "./dom.js";
import { dayOf, formatDay } from "./format.js";
import { explain } from "./messages.js";

const EMPTY = "You have not blocked anyone.";

/** The section, which fills itself once the list has loaded. */
export function blockedPeople() {
  const heading = element("h3", { id: "blocked-title", tabIndex: -1 }, "Blocked people");
  const said = element("p", { role: "status", className: "compose-status" });
  const list = element("ul", { className: "blocked" });
  list.setAttribute("aria-labelledby", heading.id);
  const section = element("section", { className: "compose" }, heading,
    element("p", { className: "hint" }, "Their posts are not shown to you, and they cannot "
      + "like yours. Unblock someone to see their lunches again."), list, said);
  section.setAttribute("aria-labelledby", heading.id);
  section.setAttribute("aria-busy", "true");
  const empty = () => list.replaceChildren(element("li", { className: "empty" }, EMPTY));

  const row = ({ username, blockedAt }) => {
    const unblock = element("button", { type: "button" }, "Unblock");
    unblock.setAttribute("aria-label", `Unblock @${username}`);
    const item = element("li", {}, element("span", { className: "name" }, `@${username}`),
      element("span", { className: "since" }, `blocked ${formatDay(dayOf(new Date(blockedAt)))}`),
      unblock);
    unblock.addEventListener("click", async () => {
      said.textContent = "";
      try {
        await api("DELETE", `/api/users/${encodeURIComponent(username)}/block`);
      } catch (failure) {
        said.textContent = explain(failure);
        return;
      }
      const next = item.nextElementSibling ?? item.previousElementSibling;
      item.remove();
      said.textContent = `@${username} is unblocked: their posts show again.`;
      if (next) next.querySelector("button").focus();
      else {
        empty();
        heading.focus();
      }
    });
    return item;
  };

  api("GET", "/api/me/blocks").then(({ users }) => {
    list.replaceChildren(...users.map(row));
    if (users.length === 0) empty();
  }, (failure) => {
    said.textContent = `Your blocks could not be loaded. ${explain(failure)}`;
  }).finally(() => section.setAttribute("aria-busy", "false"));
  return section;
}
