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
