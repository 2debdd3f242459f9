// The reader's lists (/lists): a card for each ("Want to try" first: its cover photo or a plain
// tile, its name, "3 places", a Shared mark), each a link to the list, and a New list form (the
// name's rules checked first, the server's refusal beside the field). It follows the reader's
// other devices: a list made, renamed, filled or deleted anywhere shows here at once.
import { api } from "./api.js";
import { backBar, element, labelledField, showFieldErrors } from "./dom.js";
import { listEvents } from "./event-stream.js";
import { sentence } from "./messages.js";
import { onRetitle } from "./pocket.js";
import { NAME_LIMIT, cardLabel, coverAlt, listPath, nameProblem, placesText }
  from "./pocket-text.js";
import { recordList } from "./saved.js";
import { titled } from "./titles.js";

const EMPTY = "Nothing saved yet. Tap Save on any lunch or restaurant to keep it in Want to "
  + "try, or make a list for an occasion below.";

/**
 * Shows the lists in `container`; `close()` leaves (Back); `focusList`: the id of the list
 * whose card gets the focus (Back from it). Returns what stops the page.
 */
export function showIndex(container, { close, focusList }) {
  const abort = new AbortController();
  const { signal } = abort;
  const title = () => { document.title = titled("Your lists"); };
  title();
  onRetitle(title);
  const heading = element("h2", { id: "pocket-title", tabIndex: -1 }, "Your lists");
  const alert = element("p", { className: "alert", role: "alert" });
  const empty = element("p", { className: "pocket-empty", hidden: true }, EMPTY);
  const cards = element("ul", { className: "list-cards" });
  cards.setAttribute("aria-labelledby", heading.id);
  const status = element("p", { className: "pocket-status", role: "status" });
  container.replaceChildren(backBar(close), element("div", { className: "pocket-page" },
    element("div", { className: "pocket-head" }, heading), alert, empty, cards,
    newListForm(), status));
  container.setAttribute("aria-labelledby", heading.id);
  container.setAttribute("aria-busy", "true");

  let first = true;
  const load = async () => {
    let lists;
    try {
      lists = (await api("GET", "/api/me/lists")).items;
    } catch (failure) {
      if (!signal.aborted) alert.textContent = `Could not load your lists: ${sentence(failure.message)}`;
      return;
    }
    if (signal.aborted) return;
    alert.textContent = "";
    const focused = document.activeElement?.closest?.(".list-card")?.dataset.list;
    cards.replaceChildren(...lists.map(card));
    empty.hidden = lists.some((list) => list.entryCount > 0);
    container.setAttribute("aria-busy", "false");
    const again = focused && cards.querySelector(`[data-list="${CSS.escape(focused)}"]`);
    if (again) again.focus({ preventScroll: true });
    if (first) {
      first = false;
      const target = focusList && cards.querySelector(`[data-list="${focusList}"]`);
      (target ?? heading).focus({ preventScroll: true });
    }
  };
  load();
  let lastSeq = -1;
  listEvents.addEventListener("list", ({ detail }) => {
    if (detail.seq === lastSeq) return;
    lastSeq = detail.seq;
    load();
  }, { signal });
  // A stream of its own when the list beneath has none (a deep link): the other devices' word.
  import("./pocket-follow.js").then(({ follow }) => {
    if (!signal.aborted) follow({ signal, onEvent: () => {}, onGap: load });
  });

  function newListForm() {
    const input = element("input", { id: "new-list-name", name: "name", autocomplete: "off" });
    const [field, error] = labelledField(input, "New list",
      `A name of 1 to ${NAME_LIMIT} characters: Date night, Brunch, Near work…`);
    const create = element("button", { type: "submit" }, "Create");
    const form = element("form", { className: "new-list" },
      element("h3", {}, "Make a list"), field, create);
    form.setAttribute("aria-label", "Make a list");
    input.addEventListener("input", () => {
      error.textContent = "";
      input.removeAttribute("aria-invalid");
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      // The one way the app shows a field's error (dom.js).
      const refuse = (message) =>
        showFieldErrors({ name: input }, { name: error }, { name: message });
      const problem = nameProblem(name);
      if (problem) return refuse(problem);
      if (create.getAttribute("aria-disabled")) return;
      create.setAttribute("aria-disabled", "true");
      try {
        const list = await api("POST", "/api/me/lists", { name });
        recordList(list);
        input.value = "";
        status.textContent = `Made ${list.name}.`;
        await load();
      } catch (failure) {
        refuse(sentence(failure.message));
      } finally {
        create.removeAttribute("aria-disabled");
      }
    });
    return form;
  }

  return () => abort.abort();
}

/**
 * A list's card: a link with its cover (named by its description, else "Cover photo of Date
 * night") or a plain tile, name, count and Shared mark.
 */
function card(list) {
  const cover = list.cover
    ? element("img", { className: "list-cover", alt: coverAlt(list), src: list.cover.thumbnailURL,
      loading: "lazy", decoding: "async" })
    : element("span", { className: "list-cover list-tile" }, [...list.name][0] ?? "");
  if (list.cover) cover.style.background = list.cover.color;
  else cover.setAttribute("aria-hidden", "true");
  const shared = element("span", { className: "list-shared", hidden: !list.shared }, "Shared");
  const link = element("a", { href: listPath(list.id), className: "list-card" }, cover,
    element("span", { className: "list-name" }, list.name),
    element("span", { className: "list-count" }, placesText(list.entryCount)), shared);
  link.dataset.list = String(list.id);
  link.setAttribute("aria-label", cardLabel(list));
  return element("li", {}, link);
}
