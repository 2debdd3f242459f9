// One submission of a form at a time, and none while the server has asked to wait. Its submit
// buttons are marked aria-disabled rather than disabled, so focus stays where it is (a disabled
// button that held focus would drop it to the page) and the form still reads the same to a
// screen reader; the form is aria-busy while its request is in flight. A message about a field
// (dom.js `labelledField`) goes as soon as the field is edited, and so do the form's own
// messages: nothing is left saying a fixed field is wrong (a field that is checked as it
// changes, as the Post form's photo, says so again after).
import { retryMessage } from "./messages.js";

/** Takes away what was said about `input`: its error paragraph and aria-invalid. */
function clearField(input) {
  const error = input.id && document.getElementById(`${input.id}-error`);
  if (error) error.textContent = "";
  if (input.getAttribute?.("aria-invalid") === "true") input.setAttribute("aria-invalid", "false");
}

/**
 * Runs `submit(event)` for each submission of `form`, except while an earlier one is still in
 * flight or held. `submit` resolves to nothing, or to the server's refusal (an Error from
 * api.js): a limit's (429) `retryAfter` holds the form's buttons that long, submissions
 * meanwhile ignored, while the refusal's place among `messages` counts the seconds down
 * ("Try again in 4 s."). The `messages` (elements beside the form) are emptied when the form
 * is edited or the browser refuses a field, unless the form is held.
 */
export function guardSubmit(form, submit, { messages = [] } = {}) {
  let held = false;
  const hold = (value) => {
    held = value;
    for (const button of form.querySelectorAll("button:not([type=button])")) {
      button.setAttribute("aria-disabled", String(value));
    }
  };
  const clearMessages = () => {
    if (held) return;
    for (const message of messages) message.textContent = "";
  };
  // Where the countdown goes: the message that says the refusal, else the first.
  const countDown = (refusal) => {
    const said = messages.find((node) => node.textContent) ?? messages[0];
    let left = Math.ceil(Math.min(Number(refusal?.retryAfter) || 0, 60));
    if (left <= 0) return hold(false);
    const tick = () => {
      if (said) said.textContent = left > 0 ? retryMessage(refusal.message, left) : "";
      if (left <= 0) return hold(false);
      left -= 1;
      setTimeout(tick, 1000);
    };
    tick();
  };
  form.addEventListener("input", (event) => {
    clearField(event.target);
    clearMessages();
  });
  // The browser refused a field (required, too short): an older message from the server no
  // longer stands beside it.
  form.addEventListener("invalid", clearMessages, true);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (held) return;
    hold(true);
    form.setAttribute("aria-busy", "true");
    let refusal;
    try {
      refusal = await submit(event);
    } finally {
      form.setAttribute("aria-busy", "false");
      countDown(refusal);
    }
  });
}
