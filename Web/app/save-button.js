// A Save button (a bookmark), on a list's cell beside Like, on a post's page and on a
// restaurant's: named with what it saves ("Save Phở 24 by @ana", "Save restaurant Phở 24,
// Mitte"), pressed while that is in any of the reader's lists (saved.js), drawn again in place
// (never replaced: the focus stays on it through every redraw).
import { isSaved } from "./saved.js";

/**
 * A Save button whose clicks call `onClick()`; `word`: whether it says "Save"/"Saved" beside
 * its bookmark (a post's or restaurant's page), or shows the bookmark alone (a cell).
 */
export function makeSaveButton(className, onClick, word = false) {
  const button = Object.assign(document.createElement("button"), { type: "button", className });
  button.append(bookmark());
  if (word) {
    button.append(Object.assign(document.createElement("span"), { className: "save-word" }));
  }
  button.addEventListener("click", onClick);
  return button;
}

/**
 * Draws `button` for `target` ({postId} or {restaurantId}) named `name` ("Save …"); `wordFor`
 * gives the visible word for saved or not ("Saved"/"Save").
 */
export function drawSave(button, target, name, wordFor = (saved) => (saved ? "Saved" : "Save")) {
  const saved = isSaved(target);
  button.setAttribute("aria-pressed", String(saved));
  button.setAttribute("aria-label", name);
  button.dataset.saves = targetKey(target);
  button.toggleAttribute("data-saved", saved);
  const word = button.querySelector(".save-word");
  if (word) word.textContent = wordFor(saved);
  return saved;
}

/** What a Save button saves, as its `data-saves` ("post-12", "restaurant-5"). */
export function targetKey(target) {
  return target.postId != null ? `post-${target.postId}` : `restaurant-${target.restaurantId}`;
}

/**
 * The button to give the focus back to after `target`'s dialog: `opener` while it is shown
 * (not hidden, not inert) and still saves `target`; else (a list recycled its cell meanwhile)
 * a shown Save button of `target`, if any.
 */
export function saveButtonFor(target, opener) {
  const key = targetKey(target);
  const shown = (button) => button?.isConnected && button.dataset.saves === key
    && button.checkVisibility() && !button.closest("[inert]");
  if (shown(opener)) return opener;
  return [...document.querySelectorAll(`[data-saves="${key}"]`)].find(shown) ?? null;
}

const SVG = "http://www.w3.org/2000/svg";

/** The bookmark drawn in the button's colour: outlined, filled once saved (CSS). */
function bookmark() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "save-mark");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", "M6 3.5h12v17l-6-4.2-6 4.2z");
  svg.append(path);
  return svg;
}

/** A post's Save button's name: "Save Phở 24 by @ana". */
export function savePostName(post) {
  return `Save ${post.restaurant} by @${post.author.username}`;
}
