// The Post form's Restaurant field as a type-ahead, the ARIA 1.2 combobox pattern: the input
// is a combobox controlling a listbox of the restaurants already on LOTs whose name has a word
// starting with what is typed (GET /api/restaurants, asked 200 ms after the last keystroke,
// only the latest answer used), each "Name — Area (N posts)", then "Add “…” as a new
// restaurant". Down/Up move through it (aria-activedescendant: the focus stays in the input),
// Enter picks, Escape closes; a click or a tap picks too. Picking a restaurant gives its id;
// editing the text afterwards drops it, and a name no one has posted yet is a new restaurant.
// Offline, the field says it cannot suggest, and a typed name still works. The state and its
// keys are combobox-state.js; this is its DOM.
import { api } from "./api.js";
import { ComboboxState, Latest, debounce, optionsFor, queryFor } from "./combobox-state.js";
import { wireCombobox } from "./combobox-wiring.js";
import { element } from "./dom.js";
import { placeLabel, postsText } from "./place-text.js";

const WAIT_MS = 200;
const SUGGESTIONS = 8;

/**
 * Makes `input` (which has its id, inside its field) a restaurant type-ahead, with its listbox
 * right after it. `onPick(restaurant)` is called when a restaurant is picked, and with null
 * when the pick is dropped or the name is a new restaurant's. Returns `picked()` (the picked
 * restaurant, or null), `drop(message)` (forgets the pick, saying why) and `note` (what was
 * picked, or why nothing is suggested), placed by the caller and named by the input's
 * aria-describedby.
 */
export function restaurantPicker(input, { onPick = () => {} } = {}) {
  const listbox = element("ul", { id: `${input.id}-listbox`, className: "suggestions",
    hidden: true });
  listbox.setAttribute("role", "listbox");
  listbox.setAttribute("aria-label", "Suggestions");
  const box = element("div", { className: "combobox" });
  input.replaceWith(box);
  box.append(input, listbox);
  const note = element("p", { id: `${input.id}-note`, className: "hint picked" });
  const said = element("p", { className: "visually-hidden" });
  said.setAttribute("aria-live", "polite");
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listbox.id);
  const described = input.getAttribute("aria-describedby");
  input.setAttribute("aria-describedby", described ? `${described} ${note.id}` : note.id);

  const state = new ComboboxState();
  const latest = new Latest();
  let picked = null;
  let picking = false;

  const render = () => {
    const opening = listbox.hidden && state.open;
    listbox.replaceChildren(...state.options.map((option, index) => {
      const node = element("li", { id: `${listbox.id}-${index}`, className: option.kind },
        option.text);
      node.setAttribute("role", "option");
      node.setAttribute("aria-selected", String(index === state.active));
      return node;
    }));
    listbox.hidden = !state.open;
    if (opening) listbox.scrollIntoView({ block: "nearest" });  // the whole list, if it fits
    input.setAttribute("aria-expanded", String(state.open));
    const active = state.activeOption ? listbox.children[state.active] : null;
    if (active) {
      input.setAttribute("aria-activedescendant", active.id);
      active.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  };

  const pick = (option) => {
    picked = option.kind === "place" ? option.restaurant : null;
    const name = picked ? picked.name : option.name;
    state.clear();
    render();
    // As if typed (the counter and the form's checks follow), without dropping the pick.
    picking = true;
    input.value = name;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    picking = false;
    note.textContent = picked
      ? `On LOTs: ${placeLabel(picked.name, picked.area)}, ${postsText(picked.postCount)}.`
      : "A new restaurant on LOTs.";
    said.textContent = "";
    onPick(picked);
  };

  const suggest = debounce(async (query) => {
    if (document.activeElement !== input) return;  // gone to another field: nothing pops up
    const ticket = latest.next();
    let answer;
    try {
      answer = await api("GET", `/api/restaurants?${new URLSearchParams({ q: query,
        limit: String(SUGGESTIONS) })}`, undefined,
      { retryUnreachable: false, waitWhenLimited: false });
    } catch (failure) {
      if (!latest.isLatest(ticket)) return;
      state.clear();
      render();
      note.textContent = failure.status === 0
        ? "Offline: no suggestions. Type the restaurant's name; it is added as a new one."
        : "No suggestions just now. Type the restaurant's name; it is added as a new one.";
      return;
    }
    if (!latest.isLatest(ticket) || document.activeElement !== input) return;
    state.show(optionsFor(input.value, answer?.items ?? []));
    render();
    const count = state.options.length - 1;
    said.textContent = count > 0
      ? `${count} ${count === 1 ? "restaurant" : "restaurants"} on LOTs: Down to choose.`
      : "A new restaurant on LOTs.";
  }, WAIT_MS);

  input.addEventListener("input", () => {
    if (picking) return;
    latest.next();  // an answer for older text is not shown
    note.textContent = "";
    if (picked) {
      picked = null;
      onPick(null);
    }
    const query = queryFor(input.value);
    if (!query) {
      suggest.cancel();
      state.clear();
      render();
      return;
    }
    suggest(query);
  });
  wireCombobox(input, listbox, state, {
    render, pick,
    optionOf: (node) => state.options[[...listbox.children].indexOf(node)],
    stop: () => {
      suggest.cancel();
      latest.next();
    },
  });

  return {
    note: [note, said],
    picked: () => picked,
    drop(message) {
      picked = null;
      note.textContent = message ?? "";
      onPick(null);
    },
  };
}
