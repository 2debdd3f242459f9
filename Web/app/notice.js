// A note at the top of the page that stays until dismissed, read out as it appears (a status):
// "Signed out.", or what a new moderator should know.

const text = document.getElementById("notice");
const dismiss = document.getElementById("notice-close");

/** Shows `parts` (text or nodes) as the page's note, in place of any other. */
export function announce(...parts) {
  text.replaceChildren(...parts);
  dismiss.hidden = false;
}

/** Takes the note away. */
export function clearNotice() {
  text.replaceChildren();
  dismiss.hidden = true;
}

dismiss.addEventListener("click", () => {
  clearNotice();
  // Not to the page's body: to where the reader is in the app.
  document.querySelector("header nav [aria-current=page], header nav a")?.focus();
});
