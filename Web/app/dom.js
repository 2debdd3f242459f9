// Building DOM without HTML strings: user text only ever becomes text nodes or properties.

/** A `tag` element with `properties` set and `children` (nodes or text) appended. */
export function element(tag, properties = {}, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

/** The bar atop a page over the list: its Back button ("Back" to a screen reader), which
 * calls `close`. */
export function backBar(close) {
  const back = element("button", { type: "button", className: "back" }, "← Back");
  back.setAttribute("aria-label", "Back");
  back.addEventListener("click", close);
  return element("div", { className: "bar" }, back);
}

/**
 * A labelled field: `label`, an optional `hint`, `input` (which has its id) and the paragraph
 * its error goes in (id `${input.id}-error`), both named by the input's `aria-describedby`.
 * Returns the field's node and its error paragraph.
 */
export function labelledField(input, label, hint) {
  const error = element("p", { className: "field-error", id: `${input.id}-error` });
  const note = hint && element("p", { className: "hint", id: `${input.id}-hint` }, hint);
  input.setAttribute("aria-describedby", note ? `${note.id} ${error.id}` : error.id);
  const node = element("div", { className: "field" },
    element("label", { htmlFor: input.id }, label), ...(note ? [note] : []), input, error);
  return [node, error];
}

/**
 * Shows each message of `found` (by field name) beside its field in `errors` and clears the
 * others, marks `inputs` aria-invalid to match, and focuses the first field at fault.
 */
export function showFieldErrors(inputs, errors, found) {
  for (const [name, error] of Object.entries(errors)) {
    error.textContent = found[name] ?? "";
    inputs[name].setAttribute("aria-invalid", String(Boolean(found[name])));
  }
  const first = Object.keys(errors).find((name) => found[name]);
  if (first) inputs[first].focus();
}

/** Adds the stylesheet at `href` to the document once: a page loaded later brings its own
 * styles, so that Main's first load does not carry them. Resolves when it has loaded. */
export function stylesheet(href) {
  const found = document.querySelector(`link[rel="stylesheet"][href="${href}"]`);
  if (found) return Promise.resolve();
  return new Promise((resolve) => {
    const link = element("link", { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    document.head.append(link);
  });
}
