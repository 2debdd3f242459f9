import Synchronization
import Testing

@testable import LotsServer

/// The PostgreSQL storage's operations in flight: ended from outside (the database went away,
/// or the deadline passed), an operation's caller is answered 503; one that started later, or
/// finished, is left alone; cancelling the caller cancels the operation.
@Suite(.oncePerRun) struct InFlightOperationsTests {
  /// Waits, without a deadline of its own, until `condition` holds.
  static func until(_ condition: () -> Bool) async {
    while !condition() { await Task.yield() }
  }

  @Test func anEndedOperationAnswersUnavailableOnceItStops() async throws {
    let operations = InFlightOperations()
    let caller = Task {
      try await operations.run { () async throws -> Int in
        try await Task.sleep(for: .seconds(3600))
        return 1
      }
    }
    await Self.until { operations.count == 1 }
    operations.end(startedBefore: .now)
    do {
      _ = try await caller.value
      Issue.record("an ended operation returned")
    } catch let error as AppError {
      #expect(error.status == .serviceUnavailable)
    }
    #expect(operations.count == 0)
  }

  @Test func anOperationThatStartedLaterIsLeftAlone() async throws {
    let operations = InFlightOperations()
    let instant = ContinuousClock.now
    let release = Atomic<Bool>(false)
    let caller = Task {
      try await operations.run { () async throws -> Int in
        while !release.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }
        return 7
      }
    }
    await Self.until { operations.count == 1 }
    operations.end(startedBefore: instant)
    release.store(true, ordering: .releasing)
    let value = try await caller.value
    #expect(value == 7)
    #expect(operations.count == 0)
  }

  @Test func anOperationsOwnErrorIsItsCallers() async throws {
    struct Refused: Error {}
    let operations = InFlightOperations()
    await #expect(throws: Refused.self) {
      try await operations.run { () async throws -> Int in throw Refused() }
    }
    // Ending afterwards touches nothing: it is no longer running.
    operations.end(startedBefore: .now)
    #expect(operations.count == 0)
  }

  @Test func cancellingTheCallerCancelsTheOperation() async throws {
    let operations = InFlightOperations()
    let sawCancellation = Atomic<Bool>(false)
    let caller = Task {
      try await operations.run { () async throws -> Int in
        do {
          try await Task.sleep(for: .seconds(3600))
        } catch {
          sawCancellation.store(true, ordering: .releasing)
          throw error
        }
        return 1
      }
    }
    await Self.until { operations.count == 1 }
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    let cancelled = sawCancellation.load(ordering: .acquiring)
    #expect(cancelled)
    #expect(operations.count == 0)
  }
}
