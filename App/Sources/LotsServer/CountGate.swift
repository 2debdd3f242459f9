import Synchronization

/// At most `slots` bodies at once, the others waiting their turn first come, first served: one
/// slot is a lock held across awaits (``ImageLedger``), two bound the PDF counters
/// (``PageCounter``).
final class CountGate: Sendable {
  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Mutex<State>

  init(slots: Int) { state = Mutex(State(free: slots)) }

  /// Runs `body` once a slot is free.
  func withSlot<T>(_ body: () async throws -> T) async rethrows -> T {
    await acquire()
    defer { release() }
    return try await body()
  }

  private func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let granted = state.withLock { state -> Bool in
        guard state.free > 0 else {
          state.waiting.append(continuation)
          return false
        }
        state.free -= 1
        return true
      }
      if granted { continuation.resume() }
    }
  }

  /// Hands the slot to the first waiting, or frees it.
  private func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
