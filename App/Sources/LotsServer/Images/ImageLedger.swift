import Synchronization

/// One at a time, the steps that decide whether an image file is needed: storing an upload's
/// files and inserting its post, and deleting a post and removing the files no post uses any
/// more. Files are shared by content, so without it a delete could remove a file that an
/// identical upload had just stored and was about to point its new post at.
final class ImageLedger: Sendable {
  private struct State {
    var held = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  init() {}

  /// Runs `body` while no other `withLock` body runs (first come, first served).
  func withLock<T>(_ body: () async throws -> T) async rethrows -> T {
    await acquire()
    defer { release() }
    return try await body()
  }

  private func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let granted = state.withLock { state -> Bool in
        if state.held {
          state.waiting.append(continuation)
          return false
        }
        state.held = true
        return true
      }
      if granted { continuation.resume() }
    }
  }

  private func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.held = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
