import CollectionDiff
import EngineBridge
import LiveCollection
import Testing

/// The live-list commands the wasm module will export, on positional input as JS writes it.
@Suite struct LiveCommandsTests {
  /// Runs `body` on an input reader over `values`.
  static func reading<R>(_ values: [Double], _ body: (inout InputReader) -> R) -> R {
    values.withUnsafeBufferPointer { buffer in
      var input = InputReader(buffer.baseAddress!, count: buffer.count)
      return body(&input)
    }
  }

  /// Item `id` by `author`, newest first (key -id).
  static func item(_ id: Double, author: Double = 1, version: Double = 0) -> [Double] {
    [Double(bitPattern: UInt64(id)), -id, -id, Double(bitPattern: UInt64(author)), version]
  }

  @Test func pagesAndChainedEventsDriveTheList() throws {
    var list = LiveList<BridgedLiveItem>()
    // First page: ids 3, 2 (no after, a next page after key (-2, -2)), snapshot 10.
    let page = Self.reading([0, 0, 0, 1, -2, -2] + Self.item(3) + Self.item(2)) {
      LiveCommands.page(&list, &$0, snapshot: 10, resync: false)
    }
    #expect(try #require(page).inserts == [0, 1])
    #expect(list.items.map(\.id) == [3, 2] && list.lastSequence == 10)
    // An insert at 12 chained to 10 (11 was filtered for this viewer): applied.
    let insert = Self.reading(Self.item(4)) {
      LiveCommands.event(&list, kind: 0, sequence: 12, previous: 10, &$0)
    }
    #expect(try #require(insert).inserts == [0])
    // A delete whose previous is not 12: a lost event; the list asks to reload.
    _ = Self.reading([Double(bitPattern: UInt64(2))]) {
      LiveCommands.event(&list, kind: 2, sequence: 15, previous: 14, &$0)
    }
    #expect(list.needsResync)
    var state = [Double](repeating: 0, count: LiveCommands.stateCount)
    state.withUnsafeMutableBufferPointer { LiveCommands.state(list, into: $0.baseAddress!) }
    #expect(state[0] == 12 && state[1] == 1 && state[4] == 3 && state[5] == 1)
  }

  @Test func hostileInputIsRefusedNeverATrap() {
    var list = LiveList<BridgedLiveItem>()
    for snapshot in [Double.nan, .infinity, 1e300, 0.5] {
      #expect(
        Self.reading([]) { LiveCommands.page(&list, &$0, snapshot: snapshot, resync: false) }
          == nil)
    }
    // Items must come whole; an unknown kind, a short item, a NaN sequence are refused.
    #expect(
      Self.reading([0, 0, 0, 0, 0, 0, 1, 2]) {
        LiveCommands.page(&list, &$0, snapshot: 1, resync: false)
      } == nil)
    #expect(
      Self.reading([]) { LiveCommands.event(&list, kind: 9, sequence: 2, previous: 1, &$0) } == nil
    )
    #expect(
      Self.reading([1, 2]) { LiveCommands.event(&list, kind: 0, sequence: 2, previous: 1, &$0) }
        == nil)
    #expect(
      Self.reading(Self.item(1)) {
        LiveCommands.event(&list, kind: 0, sequence: .nan, previous: 1, &$0)
      } == nil)
  }
}
