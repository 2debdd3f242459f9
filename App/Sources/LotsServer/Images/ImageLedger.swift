import Synchronization

/// One at a time, the steps that decide whether an image file is needed: storing an upload's
/// files and inserting its post, and deleting a post and removing the files no post uses any
/// more. Files are shared by content, so without it a delete could remove a file that an
/// identical upload had just stored and was about to point its new post at.
final class ImageLedger: Sendable {
  private let gate = CountGate(slots: 1)
  /// Keys stored for uploads still in flight (an upload of several photos stores each as it
  /// arrives, long before its post exists), with how many uploads hold each.
  private let pending = Mutex<[String: Int]>([:])

  init() {}

  /// Runs `body` while no other `withLock` body runs (first come, first served).
  func withLock<T>(_ body: () async throws -> T) async rethrows -> T {
    try await gate.withSlot(body)
  }

  /// Marks `keys` as needed by an upload in flight: no removal takes them until
  /// ``release(_:)``. Call it inside ``withLock(_:)``, right after storing them.
  func hold(_ keys: [String]) {
    pending.withLock { pending in
      for key in keys { pending[key, default: 0] += 1 }
    }
  }

  /// Ends one hold of each of `keys` (their post is in, or the upload gave up).
  func release(_ keys: [String]) {
    pending.withLock { pending in
      for key in keys {
        guard let count = pending[key] else { continue }
        pending[key] = count > 1 ? count - 1 : nil
      }
    }
  }

  /// Those of `keys` that an upload in flight holds.
  func held(among keys: [String]) -> Set<String> {
    pending.withLock { pending in Set(keys.filter { pending[$0] != nil }) }
  }
}
