// A layout's options as the values `lots_layout_create` reads, in the order of that kind's
// Swift descriptor: walked from `OPTIONS` in abi.js (generated from the descriptors), so no
// kind's order or defaults are written here.

import { OPTIONS } from "./abi.js";

/** How each shape of option writes its value (`value` is the option, or its default). */
const WRITERS = {
  number: (out, value) => out.push(value),
  integer: (out, value) => out.push(value),
  flag: (out, value) => out.push(value ? 1 : 0),
  insets: (out, value) =>
    out.push(value.top ?? 0, value.left ?? 0, value.bottom ?? 0, value.right ?? 0),
  size: (out, value, field) =>
    out.push(value.width ?? field.default.width, value.height ?? field.default.height),
  choice: (out, value, field) => out.push(field.choices.indexOf(value)),
  perSection: (out, value) => out.push(value.length, ...value),
  spans: (out, value) =>
    out.push(value.length, ...value.flatMap((span) => [span.columns ?? 1, span.rows ?? 1])),
};

/**
 * The values of `options` (named as in the `lots-engine layout` spec, `kind` included) in
 * positional order; absent options take the engine's defaults.
 * @param {{kind: string}} options
 * @returns {number[]}
 */
export function encodeOptions(options) {
  const fields = OPTIONS[options.kind];
  if (!fields) throw new Error(`unknown layout kind ${options.kind}`);
  const out = [];
  for (const field of fields) {
    if (field.shape === "columns") {
      // A column count, or a minimum item width (then the count is 0): never both.
      const [count, width] = field.names;
      const byWidth = options[width] !== undefined;
      out.push(byWidth ? 0 : options[count] ?? field.default[count]);
      out.push(options[width] ?? field.default[width]);
      continue;
    }
    WRITERS[field.shape](out, options[field.name] ?? field.default, field);
  }
  return out;
}
