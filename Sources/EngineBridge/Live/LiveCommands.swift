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
    var item: BridgedLiveItem?
    var value: UInt64 = 0
    switch kind {
    case 0, 1:
      guard input.remaining >= BridgedLiveItem.stride else { return nil }
      item = BridgedLiveItem.read(&input)
    case 2, 3, 4:
      guard input.remaining >= 1 else { return nil }
      value = input.next().bitPattern
    case 5: break
    default: return nil
    }
    // The list's steps, called directly: a `LiveEvent` built here and taken apart by `apply`
    // cost a kilobyte of the module.
    guard list.advance(to: sequence, previous: previous) else { return Changeset() }
    if let item { return list.receive(item, sequence: sequence) }
    switch kind {
    case 2: return list.remove(value)
    case 3: return list.hideAuthor(value)
    case 4: list.showAuthor(value)
    default: list.needsResync = true
    }
    return Changeset()
  }

  /// Values `state` writes: last sequence (NaN before the first page), needs-resync,
  /// is-complete, new item count, item count, has-next, next key (2).
  package static let stateCount = 8

  /// The names of the values `state` writes, in order (`LIVE_STATE` in abi.js; only the
  /// native generator reads them).
  package static let stateFields = [
    "lastSequence", "needsResync", "isComplete", "newCount", "count", "hasNext", "nextPrimary",
    "nextSecondary",
  ]

  /// Values before a page's items: has-after, after key (2), has-next, next key (2).
  package static let pageHeaderCount = 6

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

  /// What `lots_live` does by operation code: 0 merge a page and 1 resync from one (`a` the
  /// snapshot); 2 to 7 apply an event of kind code − 2 (`a` its sequence, `b` its previous);
  /// 8 record the first visible index (`a`); 9 show the held inserts; 10 write the state;
  /// 11 write the identities shown, in order.
  package enum Operation: Int32, CaseIterable {
    case page, resync, insert, update, delete, block, unblock, reset, firstVisible, showNew
    case state, identities
  }

  /// Performs an operation on a list with the input buffer's first `count` values, writing its
  /// result (a changeset, the state or the identities) into the output buffer. One entry point
  /// for all of them: an export each cost 1.5 KB of the module.
  ///
  /// - Returns: The number of values written, or -1 for an unknown operation or bad input.
  /// - Complexity: That of the operation.
  package static func perform(
    _ list: inout LiveList<BridgedLiveItem>, _ code: Int32, _ a: Double, _ b: Double,
    count: Int32
  ) -> Int32 {
    var input = InputReader(count: count)
    guard let operation = Operation(rawValue: code) else { return -1 }
    let changes: Changeset<Int>?
    switch operation {
    case .page, .resync:
      changes = page(&list, &input, snapshot: a, resync: operation == .resync)
    case .firstVisible:
      guard let index = integer(a) else { return -1 }
      list.updateFirstVisibleIndex(index)
      return 0
    case .showNew:
      changes = list.showNewItems()
    case .state:
      Buffers.reserveOutput(stateCount)
      state(list, into: Buffers.output)
      return Int32(stateCount)
    case .identities:
      let items = list.items
      Buffers.reserveOutput(items.count)
      let out = Buffers.output
      for index in items.indices { out[index] = Double(bitPattern: items[index].id) }
      return Int32(items.count)
    default:
      changes = event(&list, kind: code - 2, sequence: a, previous: b, &input)
    }
    return changes.map(ChangesetOutput.write) ?? -1
  }
}
