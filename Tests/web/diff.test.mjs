// The diff engine through WebAssembly: changesets that UIKit's batch-update rules accept.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadEngine } from "../../Web/toolkit/engine.js";
import { applyChangeset } from "./support/apply-changeset.mjs";

const engine = await loadEngine(readFileSync(new URL("../../Web/lots.wasm", import.meta.url)));

test("one moved item of a thousand is one move", () => {
  const old = Array.from({ length: 1000 }, (_, i) => ({ id: i, version: 0 }));
  const next = [...old];
  next.splice(700, 0, next.splice(3, 1)[0]);
  const changes = engine.diff(old, next);
  assert.equal(changes.moves.length, 1);
  assert.deepEqual(applyChangeset(old, next, changes).map((item) => item.id), next.map((i) => i.id));
});

test("seeded random pairs apply to the new list", () => {
  let state = 7;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let round = 0; round < 500; round++) {
    const old = Array.from({ length: Math.floor(random() * 60) }, (_, i) => ({ id: i, version: 0 }));
    const next = old.filter(() => random() > 0.2).map((i) => ({ ...i, version: random() < 0.1 ? 1 : 0 }));
    for (let i = 0; i < 5; i++) next.splice(Math.floor(random() * (next.length + 1)), 0, { id: 1000 + round * 10 + i, version: 0 });
    next.sort(() => random() - 0.6);
    const changes = engine.diff(old, next);
    assert.deepEqual(applyChangeset(old, next, changes).map((item) => item.id), next.map((i) => i.id), `round ${round}`);
    const changed = next.flatMap((item, i) => (item.version === 1 ? [i] : [])).sort((a, b) => a - b);
    assert.deepEqual([...changes.reconfigures].sort((a, b) => a - b), changed, `round ${round}`);
  }
});
