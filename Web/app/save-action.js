// What a Save button does, wherever it is: a visitor goes to sign in (and comes back); one tap
// on something not yet saved saves it into "Want to try" and says so in a polite note with a
// "Change" action; a tap on something already saved (or Change) opens the "Save to…" dialog
// (save-dialog.js, loaded then). Nothing changes on screen before the server has answered: a
// save that cannot reach it says so and leaves the button as it was.
import { api } from "./api.js";
import { sentence } from "./messages.js";
import { navigate } from "./router.js";
import { ensureLists, isSaved, indexComplete, recordSave, refreshSaved } from "./saved.js";
import { currentUser } from "./session.js";

const toast = document.getElementById("toast");
const toastText = document.getElementById("toast-text");
const toastAction = document.getElementById("toast-action");
const toastClose = document.getElementById("toast-close");
let toastTimer = 0;
let toastDo = null;
const busy = new WeakSet();

/**
 * Says `text` in the page's polite note (bottom of the screen, `role=status`), with an
 * optional `action` ({label, run}); it goes after a while unless the reader is in it.
 */
export function say(text, action = null) {
  clearTimeout(toastTimer);
  toastText.textContent = text;
  toastDo = action?.run ?? null;
  toastAction.hidden = !action;
  toastAction.textContent = action?.label ?? "";
  if (action?.name) toastAction.setAttribute("aria-label", action.name);
  else toastAction.removeAttribute("aria-label");
  toast.classList.add("shown");
  toastClose.hidden = false;
  const hide = () => {
    if (toast.contains(document.activeElement) || toast.matches(":hover")) {
      toastTimer = setTimeout(hide, 2000);
    } else unsay();
  };
  toastTimer = setTimeout(hide, 10_000);
}

/** Takes the note away. */
export function unsay() {
  clearTimeout(toastTimer);
  const hadFocus = toast.contains(document.activeElement);
  toast.classList.remove("shown");
  toastText.textContent = "";
  toastAction.hidden = toastClose.hidden = true;
  toastDo = null;
  return hadFocus;
}

toastAction.addEventListener("click", () => {
  const run = toastDo;
  unsay();
  run?.();
});
toastClose.addEventListener("click", () => {
  unsay();
  document.querySelector("main:not([hidden]) [tabindex='0'], header nav a")?.focus();
});

/** Opens the "Save to…" dialog for `target`, named `label`; focus goes back to `opener`. */
export async function openSaveDialog(target, label, opener) {
  const { showSaveDialog } = await import("./save-dialog.js");
  showSaveDialog(target, label, opener);
}

/**
 * A Save button was tapped for `target` ({postId} or {restaurantId}), which is `label`
 * ("Phở 24 by @ana"); `button` gets the focus back from the dialog.
 */
export async function saveTapped(target, label, button) {
  if (!currentUser()) {
    say("Sign in to save places to your lists.");
    navigate(`/signin?next=${encodeURIComponent(location.pathname)}`);
    return;
  }
  if (busy.has(button)) return;
  if (isSaved(target)) return openSaveDialog(target, label, button);
  busy.add(button);
  button.setAttribute("aria-busy", "true");
  try {
    const lists = await ensureLists();
    // A tap before the reader's lists were read: now they are, and may hold it.
    if (isSaved(target)) return openSaveDialog(target, label, button);
    // Beyond what the index holds, the server says whether it is saved.
    if (!indexComplete()) {
      const { items } = await api("GET", `/api/me/saved?${query(target)}`);
      if (items.length) return openSaveDialog(target, label, button);
    }
    const first = lists[0];
    const entry = await api("POST", `/api/lists/${first.id}/entries`, target);
    recordSave(first.id, target, entry);
    say(`Saved to ${first.name}.`, { label: "Change",
      name: `Change where ${label} is saved`, run: () => openSaveDialog(target, label, button) });
  } catch (failure) {
    say(`Could not save ${label}: ${sentence(failure.message)}`);
    refreshSaved().catch(() => {});
  } finally {
    busy.delete(button);
    button.removeAttribute("aria-busy");
  }
}

/** `postId=12` or `restaurantId=5`. */
export function query(target) {
  return target.postId != null ? `postId=${target.postId}` : `restaurantId=${target.restaurantId}`;
}
