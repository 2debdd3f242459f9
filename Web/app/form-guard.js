// One submission of a form at a time, and none while the server has asked to wait. Its submit
// buttons are marked aria-disabled rather than disabled, so focus stays where it is (a disabled
// button that held focus would drop it to the page) and the form still reads the same to a
// screen reader; the form is aria-busy while its request is in flight.

/**
 * Runs `submit(event)` for each submission of `form`, except while an earlier one is still in
 * flight or held. `submit` resolves to how many seconds the server asked to wait before the
 * next attempt (a 429's Retry-After; nothing or 0 for none): the form's buttons stay held that
 * long, and submissions meanwhile are ignored (the message the caller showed says why).
 */
export function guardSubmit(form, submit) {
  let held = false;
  const hold = (value) => {
    held = value;
    for (const button of form.querySelectorAll("button:not([type=button])")) {
      button.setAttribute("aria-disabled", String(value));
    }
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (held) return;
    hold(true);
    form.setAttribute("aria-busy", "true");
    let wait = 0;
    try {
      wait = Number(await submit(event)) || 0;
    } finally {
      form.setAttribute("aria-busy", "false");
      if (wait > 0) setTimeout(() => hold(false), Math.min(wait, 60) * 1000);
      else hold(false);
    }
  });
}
