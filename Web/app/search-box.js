// The header's search box (index.html #search, a `role=search` form): Enter (or its button)
// shows /search?q=… without a reload (without script the form goes there itself). On a phone
// it is a button that opens the field over the header's first line, so the header keeps its
// height; Escape, ×, or the focus leaving closes it. Its suggestions (search-suggest.js) load
// when the field is first focused: this file is all Main loads for it.
import { navigate } from "./router.js";
import { searchPath } from "./search-query.js";

const form = document.getElementById("search");
const input = document.getElementById("search-q");
const opener = document.getElementById("search-open");
const note = document.getElementById("search-note");
let suggestions = null;

/** Whether the box is the phone's button (the field shows only when opened). */
const compact = () => opener.offsetParent !== null;
const isOpen = () => form.classList.contains("open");

function open() {
  form.classList.add("open");
  opener.setAttribute("aria-expanded", "true");
}

function close(refocus) {
  if (!isOpen()) return;
  form.classList.remove("open");
  opener.setAttribute("aria-expanded", "false");
  if (refocus && compact()) opener.focus();
}

opener.addEventListener("click", () => {
  open();
  input.focus();
});
document.getElementById("search-close").addEventListener("click", () => close(true));
form.addEventListener("focusout", ({ relatedTarget }) => {
  if (!form.contains(relatedTarget)) close(false);
});
// Escape that closed nothing else (the suggestions close first) closes the phone's field.
form.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || event.defaultPrevented || !isOpen()) return;
  event.preventDefault();
  close(true);
});
form.addEventListener("submit", (event) => {
  event.preventDefault();
  close(true);
  navigate(searchPath(input.value));
});
// Loaded on the first focus, or the first keystroke after a failed load (offline).
const suggest = () => {
  suggestions ??= import("./search-suggest.js").then((module) => module.suggestIn(form, input))
    .catch(() => {
      suggestions = null;
      note.textContent = "Offline: no suggestions. Enter searches the posts.";
    });
};
input.addEventListener("focus", () => {
  if (compact()) open();  // focus given back to the field (Back from a page over the list)
  suggest();
});
input.addEventListener("input", suggest);

/** Puts `query` in the box (what /search shows), unless someone is typing there. */
export function showSearchText(query) {
  if (document.activeElement !== input) input.value = query;
}
