// Suggestions under the header's search box while typing, the ARIA 1.2 combobox pattern (the
// Post form's restaurant type-ahead has the same keys: combobox-state.js): 200 ms after the
// last keystroke it asks GET /api/search?q=…&limit=5 (only the latest answer is shown) and
// lists the restaurants (→ /r/{id}) and people (→ /u/{name}) in their groups, then "Search for
// “…”" (→ /search?q=…). Down/Up move (aria-activedescendant: the focus stays in the field),
// Enter goes to the active one (or searches), Escape closes; a click or a tap goes too (a press
// on the list keeps the focus in the field). Offline, it says it cannot suggest. Loaded when
// the field is first focused (search-box.js).
import { api } from "./api.js";
import { ComboboxState, Latest, debounce } from "./combobox-state.js";
import { wireCombobox } from "./combobox-wiring.js";
import { element } from "./dom.js";
import { navigate } from "./router.js";
import { SUGGESTIONS, groupsOf, searchOptions, suggestionQuery, suggestionsSaid }
  from "./search-text.js";

const WAIT_MS = 200;

/** Makes `input` (in `form`, with its listbox #search-list and note #search-note) suggest. */
export function suggestIn(form, input) {
  const listbox = document.getElementById("search-list");
  const note = document.getElementById("search-note");
  const said = element("p", { className: "visually-hidden" });
  said.setAttribute("aria-live", "polite");
  form.append(said);
  const state = new ComboboxState();
  const latest = new Latest();

  const option = ({ option: { kind, text, label }, index }) => {
    const node = element("div", { id: `search-option-${index}`, className: `option ${kind}` },
      text);
    node.setAttribute("role", "option");
    node.setAttribute("aria-label", label);
    node.setAttribute("aria-selected", String(index === state.active));
    return node;
  };
  const render = () => {
    listbox.replaceChildren(...groupsOf(state.options).flatMap((group) => {
      if (!group.title) return group.items.map(option);
      const id = `search-group-${group.kind}`;
      const title = element("div", { id, className: "group-title" }, group.title);
      title.setAttribute("role", "presentation");
      const node = element("div", { className: "group" }, title, ...group.items.map(option));
      node.setAttribute("role", "group");
      node.setAttribute("aria-labelledby", id);
      return [node];
    }));
    listbox.hidden = !state.open;
    input.setAttribute("aria-expanded", String(state.open));
    const active = state.activeOption && document.getElementById(`search-option-${state.active}`);
    if (active) {
      input.setAttribute("aria-activedescendant", active.id);
      active.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  };
  const clear = () => {
    state.clear();
    render();
  };
  const go = (picked) => {
    clear();
    said.textContent = "";
    if (picked.kind === "search") form.requestSubmit();  // as Enter: the box's own search
    else navigate(picked.path);
  };

  const suggest = debounce(async (query) => {
    if (document.activeElement !== input) return;  // gone elsewhere: nothing pops up
    const ticket = latest.next();
    let answer;
    try {
      answer = await api("GET", `/api/search?${new URLSearchParams({ q: query,
        limit: String(SUGGESTIONS) })}`, undefined,
      { retryUnreachable: false, waitWhenLimited: false });
    } catch (failure) {
      if (!latest.isLatest(ticket)) return;
      clear();
      note.textContent = failure.status === 0
        ? "Offline: no suggestions. Enter searches the posts."
        : "No suggestions just now. Enter searches the posts.";
      return;
    }
    if (!latest.isLatest(ticket) || document.activeElement !== input) return;
    note.textContent = "";
    state.show(searchOptions(input.value, answer));
    render();
    said.textContent = suggestionsSaid(answer);
  }, WAIT_MS);

  const typed = () => {
    latest.next();  // an answer for older text is not shown
    note.textContent = "";
    const query = suggestionQuery(input.value);
    if (!query) {
      suggest.cancel();
      clear();
      return;
    }
    suggest(query);
  };
  input.addEventListener("input", typed);
  wireCombobox(input, listbox, state, {
    render, pick: go,
    optionOf: (node) => state.options[Number(node.id.slice("search-option-".length))],
    stop: () => {
      suggest.cancel();
      latest.next();
    },
  });
  if (input.value) typed();  // typed before this module came
}
