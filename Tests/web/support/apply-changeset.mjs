// Test support: applies a changeset the way UIKit's batch updates do, to check engine output.
import assert from "node:assert/strict";

/**
 * Applies `changes` to `old` by UIKit's rules: deletes and move sources leave the old list,
 * then inserts and move destinations are placed at their new indices (inserted values taken
 * from `next`). Returns the new list.
 */
export function applyChangeset(old, next, changes) {
  const removed = new Set([...changes.deletes, ...changes.moves.map((m) => m.from)]);
  const kept = old.filter((_, i) => !removed.has(i));
  const result = Array(next.length);
  for (const i of changes.inserts) result[i] = next[i];
  for (const m of changes.moves) result[m.to] = old[m.from];
  let k = 0;
  for (let i = 0; i < result.length; i++) if (result[i] === undefined) result[i] = kept[k++];
  assert.equal(k, kept.length, "surviving items fill exactly the remaining slots");
  return result;
}
