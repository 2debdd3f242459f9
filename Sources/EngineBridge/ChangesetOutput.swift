import CollectionDiff

/// A changeset in the output buffer: the counts of deletes, inserts, moves, reloads and
/// reconfigures, then the deletes, the inserts, the moves as (from, to) pairs, the reloads and
/// the reconfigures: one batch that `performBatchUpdates` accepts.
package enum ChangesetOutput {
  /// Writes `changes`; returns the number of values written.
  package static func write(_ changes: Changeset<Int>) -> Int32 {
    let total =
      5 + changes.deletes.count + changes.inserts.count + 2 * changes.moves.count
      + changes.reloads.count + changes.reconfigures.count
    Buffers.reserveOutput(total)
    var out = Buffers.output
    @inline(never) func put(_ value: Int) {
      out.pointee = Double(value)
      out += 1
    }
    put(changes.deletes.count)
    put(changes.inserts.count)
    put(changes.moves.count)
    put(changes.reloads.count)
    put(changes.reconfigures.count)
    changes.deletes.forEach(put)
    changes.inserts.forEach(put)
    for move in changes.moves {
      put(move.from)
      put(move.to)
    }
    changes.reloads.forEach(put)
    changes.reconfigures.forEach(put)
    return Int32(total)
  }
}
