import CollectionDiff
import EngineBridge

/// Diffs two lists from the input buffer: old identities, old versions, new identities, new
/// versions (`oldCount` and `newCount` values each). Writes into the output buffer the counts
/// of deletes, inserts, moves, reloads and reconfigures, then the deletes, the inserts, the
/// moves as (from, to) pairs, the reloads and the reconfigures — one batch that
/// `performBatchUpdates` accepts. Returns the number of values written, or -1 when the input
/// buffer holds fewer values than announced.
@_expose(wasm, "lots_diff")
@_cdecl("lots_diff")
public func lotsDiff(_ oldCount: Int32, _ newCount: Int32) -> Int32 {
  let old = Int(oldCount)
  let new = Int(newCount)
  // Int is 32 bits on wasm32: compare by division so that hostile counts cannot overflow.
  guard old >= 0, new >= 0, old <= Buffers.inputCapacity / 2,
    new <= Buffers.inputCapacity / 2 - old
  else { return -1 }
  let input = Buffers.input
  // The live lists' element type, its key and author unused: one diff specialisation in the
  // module instead of two (9 KB, 2026-11-23).
  let before = makeArray(old) {
    BridgedLiveItem(identity: input[$0].bitPattern, version: input[old + $0].bitPattern)
  }
  let after = makeArray(new) {
    BridgedLiveItem(
      identity: input[2 * old + $0].bitPattern, version: input[2 * old + new + $0].bitPattern)
  }
  return ChangesetOutput.write(Changeset(from: before, to: after))
}
