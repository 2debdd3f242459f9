import CollectionDiff
import LiveCollection

/// What the wasm module's live-list exports do, readable and testable natively: each reads its
/// input, steps the list, and returns the changeset to animate (nil for input it refuses).
package enum LiveCommands {
  /// A whole number from a JS number, or nil for NaN, infinities and what `Int` cannot hold.
  package static func integer(_ value: Double) -> Int? {
    guard value.isFinite, value == value.rounded(.towardZero) else { return nil }
    guard value >= -2_147_483_648, value <= 2_147_483_647 else { return nil }
    return Int(value)
  }

  /// A page (or, with `resync`, the first page after a reload): has-after flag, after key (2),
  /// has-next flag, next key (2), then `BridgedLiveItem.stride` values per item.
  package static func page(
    _ list: inout LiveList<BridgedLiveItem>, _ input: inout InputReader, snapshot: Double,
    resync: Bool
  ) -> Changeset<Int>? {
    guard let snapshot = integer(snapshot) else { return nil }
    let hasAfter = input.nextBool()
    let after = BridgedKey(primary: input.next(), secondary: input.next())
    let hasNext = input.nextBool()
    let next = BridgedKey(primary: input.next(), secondary: input.next())
    guard input.remaining % BridgedLiveItem.stride == 0 else { return nil }
    let items = makeArray(input.remaining / BridgedLiveItem.stride) { _ in
      BridgedLiveItem.read(&input)
    }
    let nextCursor = hasNext ? next : nil
    if resync {
      return list.resync(firstPage: items, nextCursor: nextCursor, snapshotSequence: snapshot)
    }
    return list.applyPage(
      items, after: hasAfter ? after : nil, nextCursor: nextCursor, snapshotSequence: snapshot)
  }

  /// One stream event of `kind` (0 insert, 1 update, 2 delete, 3 hideAuthor, 4 showAuthor,
  /// 5 reset), its sequence and previous; an item, an identity or an author from the input.
  package static func event(
    _ list: inout LiveList<BridgedLiveItem>, kind: Int32, sequence: Double, previous: Double,
    _ input: inout InputReader
  ) -> Changeset<Int>? {
    guard let sequence = integer(sequence), let previous = integer(previous) else { return nil }
    let change: LiveEvent<BridgedLiveItem>.Change
    switch kind {
    case 0, 1:
      guard input.remaining >= BridgedLiveItem.stride else { return nil }
      let item = BridgedLiveItem.read(&input)
      change = kind == 0 ? .insert(item) : .update(item)
    case 2, 3, 4:
      guard input.remaining >= 1 else { return nil }
      let value = input.next().bitPattern
      change = kind == 2 ? .delete(value) : kind == 3 ? .hideAuthor(value) : .showAuthor(value)
    case 5: change = .reset
    default: return nil
    }
    return list.apply(LiveEvent(change, sequence: sequence, previous: previous))
  }

  /// Values `state` writes: last sequence (NaN before the first page), needs-resync,
  /// is-complete, new item count, item count, has-next, next key (2).
  package static let stateCount = 8

  /// The list's state, for JS to decide what to fetch next.
  package static func state(
    _ list: LiveList<BridgedLiveItem>, into out: UnsafeMutablePointer<Double>
  ) {
    out[0] = list.lastSequence.map(Double.init) ?? .nan
    out[1] = list.needsResync ? 1 : 0
    out[2] = list.isComplete ? 1 : 0
    out[3] = Double(list.newItemCount)
    out[4] = Double(list.items.count)
    out[5] = list.nextCursor == nil ? 0 : 1
    out[6] = list.nextCursor?.primary ?? .nan
    out[7] = list.nextCursor?.secondary ?? .nan
  }
}
