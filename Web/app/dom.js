// Building DOM without HTML strings: user text only ever becomes text nodes or properties.

/** A `tag` element with `properties` set and `children` (nodes or text) appended. */
export function element(tag, properties = {}, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}
