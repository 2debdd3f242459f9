// The LOTs layout engine in the browser: the Swift engine compiled to WebAssembly, behind a
// small API whose names follow the `lots-engine layout` JSON spec (docs/layout-spec.md). This
// file loads the module and moves bulk data; engine-options.js encodes a layout's options,
// engine-staging.js item sizes, and engine-layout.js is one layout.
//
// Bulk data crosses through linear memory: one Float64Array.set() fills the input buffer,
// item sizes are written straight into the engine's own item storage (`stageItems`), and
// queries write into an output buffer that is read through a typed-array view created after
// the call (memory may have grown, which detaches older views).

import { ITEM, KIND } from "./abi.js";
import { EngineLayout } from "./engine-layout.js";
import { EngineLiveList } from "./live-list.js";
import { encodeOptions } from "./engine-options.js";
import { itemCount, stageObjects, stagePacked } from "./engine-staging.js";

const ITEM_FLOATS = ITEM.bytes / 8;

/** Loads the engine from a URL (browser) or from the module's bytes (node). */
export async function loadEngine(source = new URL("../lots.wasm", import.meta.url)) {
  let memory = null;
  const imports = {
    env: {
      lots_random_fill(pointer, count) {
        crypto.getRandomValues(new Uint8Array(memory.buffer, pointer, count));
      },
    },
  };
  const { instance } =
    source instanceof Uint8Array || source instanceof ArrayBuffer
      ? await WebAssembly.instantiate(source, imports)
      : await WebAssembly.instantiateStreaming(fetch(source), imports);
  memory = instance.exports.memory;
  const stride = instance.exports.lots_item_stride();
  if (stride !== ITEM.bytes) throw new Error(`lots.wasm items are ${stride} bytes, not ${ITEM.bytes}`);
  return new Engine(instance.exports);
}

/** The engine: creates layouts. */
export class Engine {
  constructor(exports) {
    this.exports = exports;
  }

  /** Fills the input buffer with `values` (an array or Float64Array); returns their count. */
  input(values) {
    const pointer = this.exports.lots_input(values.length) >>> 0;
    new Float64Array(this.exports.memory.buffer, pointer, values.length).set(values);
    return values.length;
  }

  /**
   * Writes sections' items into the engine's item storage, in order, for the next prepare or
   * insert: each section gives `items` ([{width, height, fullSpan}]) or `sizes`, a
   * Float64Array of (width, height, flags) triples. Returns how many items it staged.
   */
  stageItems(sections) {
    let total = 0;
    for (const section of sections) total += itemCount(section);
    // Addresses are unsigned: read as i32, one above 2 GiB would be negative.
    const pointer = this.exports.lots_items(total) >>> 0;
    if (pointer === 0 && total > 0) throw new RangeError(`cannot stage ${total} items`);
    // No views for nothing: an empty array's storage is a static singleton whose address need
    // not be 8-byte aligned, and a Float64Array view must be even when empty.
    if (total === 0) return 0;
    const sizes = new Float64Array(this.exports.memory.buffer, pointer, ITEM_FLOATS * total);
    const flags = new Uint8Array(this.exports.memory.buffer, pointer, ITEM.bytes * total);
    let at = 0;
    for (const section of sections) {
      at = section.sizes
        ? stagePacked(section.sizes, sizes, flags, at)
        : stageObjects(section.items, sizes, flags, at);
    }
    return total;
  }

  /** A view of the first `count` values of the output buffer (valid until the next call). */
  output(count) {
    return new Float64Array(this.exports.memory.buffer, this.exports.lots_output() >>> 0, count);
  }

  /** Creates a layout from options named as in the `lots layout` spec (`kind` required). */
  layout(options) {
    const kind = KIND[options.kind];
    if (kind === undefined) throw new Error(`unknown layout kind ${options.kind}`);
    const count = this.input(encodeOptions(options));
    const handle = this.exports.lots_layout_create(kind, count);
    if (handle === 0) throw new Error("too many layouts at once: destroy() the unused ones");
    return new EngineLayout(this, handle, options);
  }

  /**
   * The changeset that turns `old` into `new` (arrays of {id, version}; ids and versions are
   * numbers): {deletes, inserts, moves: [{from, to}], reloads, reconfigures}, one batch in
   * UIKit's index spaces (deletes, move sources and reloads in the old list; inserts, move
   * destinations and reconfigures in the new one), with the fewest moves.
   */
  diff(old, next) {
    const values = new Float64Array(2 * (old.length + next.length));
    old.forEach((item, i) => {
      values[i] = item.id;
      values[old.length + i] = item.version ?? 0;
    });
    const base = 2 * old.length;
    next.forEach((item, i) => {
      values[base + i] = item.id;
      values[base + next.length + i] = item.version ?? 0;
    });
    this.input(values);
    const total = this.exports.lots_diff(old.length, next.length);
    if (total < 0) throw new Error("diff rejected by the engine");
    return this.readChangeset(total);
  }

  /**
   * The changeset of `total` values in the output buffer, as `lots_diff` and the live list
   * write it: five counts, then deletes, inserts, moves as (from, to) pairs, reloads and
   * reconfigures.
   */
  readChangeset(total) {
    const out = this.output(total);
    const [deletes, inserts, moves, reloads, reconfigures] = out.slice(0, 5);
    let at = 5;
    const take = (count) => Array.from(out.subarray(at, (at += count)));
    const result = { deletes: take(deletes), inserts: take(inserts), moves: [] };
    for (let i = 0; i < moves; i++, at += 2) result.moves.push({ from: out[at], to: out[at + 1] });
    result.reloads = take(reloads);
    result.reconfigures = take(reconfigures);
    return result;
  }

  /** A new live list (live-list.js); `destroy()` it when done. */
  liveList() {
    return new EngineLiveList(this);
  }

  /** Bytes of linear memory the module's heap spans. */
  get heapSize() {
    return this.exports.lots_heap_size();
  }
}
