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

extension SharedBridgeState {
  /// `lots_live`'s one entry point, by operation code, writing into the output buffer.
  @Suite struct LiveCommandsPerformTests {
    /// Writes `values` into the input buffer and performs `code`; returns the result and the
    /// values written.
    static func perform(
      _ list: inout LiveList<BridgedLiveItem>, _ code: LiveCommands.Operation, _ a: Double = 0,
      _ b: Double = 0, _ values: [Double] = []
    ) -> (Int32, [Double]) {
      Buffers.reserveInput(values.count)
      for (index, value) in values.enumerated() { Buffers.input[index] = value }
      let written = LiveCommands.perform(&list, code.rawValue, a, b, count: Int32(values.count))
      return (written, (0..<max(Int(written), 0)).map { Buffers.output[$0] })
    }

    @Test func everyOperationByItsCode() {
      var list = LiveList<BridgedLiveItem>()
      let items = LiveCommandsTests.item(3) + LiveCommandsTests.item(2)
      // Page: counts (0 deletes, 2 inserts, 0 moves, 0 reloads, 0 reconfigures), then 0, 1.
      #expect(
        Self.perform(&list, .page, 10, 0, [0, 0, 0, 0, 0, 0] + items).1 == [0, 2, 0, 0, 0, 0, 1])
      #expect(Self.perform(&list, .identities).1 == [3, 2].map { Double(bitPattern: UInt64($0)) })
      // Scrolled to the second item, a newer post is held.
      #expect(Self.perform(&list, .firstVisible, 1).0 == 0)
      #expect(
        Self.perform(&list, .insert, 11, 10, LiveCommandsTests.item(4)).1 == [0, 0, 0, 0, 0])
      #expect(Self.perform(&list, .state).1[3] == 1)
      #expect(Self.perform(&list, .showNew).1 == [0, 1, 0, 0, 0, 0])
      // An update with a new version: a reload and a reconfigure in place.
      let update = LiveCommandsTests.item(2, version: 1)
      #expect(Self.perform(&list, .update, 12, 11, update).1 == [0, 0, 0, 1, 1, 2, 2])
      #expect(
        Self.perform(&list, .delete, 13, 12, [Double(bitPattern: UInt64(3))]).1 == [
          1, 0, 0, 0, 0, 1,
        ])
      #expect(Self.perform(&list, .reset, 14, 13).0 == 5 && list.needsResync)
      #expect(Self.perform(&list, .resync, 20, 0, [0, 0, 0, 0, 0, 0] + items).0 > 0)
      #expect(list.items.map(\.id) == [2] && list.lastSequence == 20)  // 3 stays deleted
    }

    /// abi.js names the state's values from `stateFields`: one name per value written.
    @Test func everyStateValueHasAName() {
      var list = LiveList<BridgedLiveItem>()
      #expect(Int(Self.perform(&list, .state).0) == LiveCommands.stateFields.count)
      #expect(Set(LiveCommands.stateFields).count == LiveCommands.stateCount)
    }

    @Test func unknownOperationsAndBadNumbersAreRefused() {
      var list = LiveList<BridgedLiveItem>()
      for code: Int32 in [-1, 12, 99, .max] {
        #expect(LiveCommands.perform(&list, code, 0, 0, count: 0) == -1)
      }
      #expect(Self.perform(&list, .firstVisible, .nan).0 == -1)
      #expect(Self.perform(&list, .page, .infinity).0 == -1)
    }
  }
}
