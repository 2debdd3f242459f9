// Deep equality of engine output, numbers within 1e-9 (native and wasm print doubles alike,
// but a JSON round trip may differ in the last bit).
import assert from "node:assert/strict";

/** Asserts `actual` equals `expected`, numbers within 1e-9, naming the path of a mismatch. */
export function assertClose(actual, expected, path) {
  if (typeof expected === "number") {
    assert.ok(Math.abs(actual - expected) <= 1e-9, `${path}: ${actual} vs ${expected}`);
  } else if (expected && typeof expected === "object") {
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), path);
    for (const key of Object.keys(expected)) assertClose(actual[key], expected[key], `${path}.${key}`);
  } else {
    assert.equal(actual, expected, path);
  }
}
