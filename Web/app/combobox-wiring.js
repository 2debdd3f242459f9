// The keys, blur and pointer of an ARIA 1.2 combobox, shared by the restaurant picker and the
// header's search: the state (combobox-state.js) decides, this wires it to the DOM.

/**
 * Wires `input` and its `listbox` to `state`.
 * @param {HTMLInputElement} input
 * @param {HTMLElement} listbox
 * @param {import("./combobox-state.js").ComboboxState} state
 * @param {{render: () => void, pick: (option: any) => void,
 *   optionOf: (node: Element) => any, stop: () => void}} host `stop` cancels a pending
 *   suggestion (the list closes on blur).
 */
export function wireCombobox(input, listbox, state, { render, pick, optionOf, stop }) {
  input.addEventListener("keydown", (event) => {
    if (event.isComposing) return;
    const action = state.key(event.key, { altKey: event.altKey });
    if (!action) {
      if (event.key === "Enter") render();  // the list closed; the form is sent
      return;
    }
    event.preventDefault();
    if (action === "picked") pick(state.activeOption);
    else render();
  });
  input.addEventListener("blur", () => {
    stop();
    state.close();
    render();
  });
  // A press on an option keeps the focus in the input (so the list is not closed under it);
  // the click picks.
  listbox.addEventListener("mousedown", (event) => event.preventDefault());
  listbox.addEventListener("click", (event) => {
    const node = event.target.closest?.("[role=option]");
    const option = node && optionOf(node);
    if (option) pick(option);
  });
}
