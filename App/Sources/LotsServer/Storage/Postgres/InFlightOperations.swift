import Synchronization

/// The database operations running now, each in a task of its own so that it can be ended from
/// outside: every one when the database goes away, and any that outlives the deadline. One
/// watcher ends them (``PostgresStorage``), instead of each operation starting a watcher of its
/// own (two child tasks and a timer per query cost more CPU than the query's decoding).
final class InFlightOperations: Sendable {
  private struct Running {
    let started: ContinuousClock.Instant
    let cancel: @Sendable () -> Void
  }

  private struct State {
    var next = 0
    var running: [Int: Running] = [:]
    /// The operations ended from outside, which answer ``AppError/databaseUnavailable``.
    var ended: Set<Int> = []
  }

  private let state = Mutex(State())

  /// Runs `operation` in a task of its own until it ends or is ended (``end(startedBefore:)``).
  /// Cancelling the caller cancels the operation.
  /// - Throws: What `operation` throws, or ``AppError/databaseUnavailable`` when it was ended.
  func run<Result: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    let task = Task { try await operation() }
    let id = state.withLock { state in
      defer { state.next += 1 }
      state.running[state.next] = Running(started: .now, cancel: task.cancel)
      return state.next
    }
    do {
      let result = try await withTaskCancellationHandler {
        try await task.value
      } onCancel: {
        task.cancel()
      }
      forget(id)
      return result
    } catch {
      if forget(id) { throw AppError.databaseUnavailable }
      throw error
    }
  }

  /// Ends every operation that started before `instant` (all of them with `.now`): their tasks
  /// are cancelled, and their callers answered ``AppError/databaseUnavailable`` once they stop.
  /// - Complexity: O(n) in the operations running.
  func end(startedBefore instant: ContinuousClock.Instant) {
    let cancels = state.withLock { state in
      var cancels: [@Sendable () -> Void] = []
      for (id, running) in state.running where running.started < instant {
        if state.ended.insert(id).inserted { cancels.append(running.cancel) }
      }
      return cancels
    }
    for cancel in cancels { cancel() }
  }

  /// How many operations are running.
  var count: Int { state.withLock { $0.running.count } }

  /// Removes a finished operation.
  /// - Returns: Whether it had been ended from outside.
  @discardableResult
  private func forget(_ id: Int) -> Bool {
    state.withLock { state in
      state.running[id] = nil
      return state.ended.remove(id) != nil
    }
  }
}
