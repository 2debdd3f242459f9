import Synchronization

/// Requests of one kind in flight per key (a user, a client address), refused past a limit:
/// one account or one address cannot take every place a server-wide bound gives out.
final class InFlightLimit: Sendable {
  /// The most requests one key may have in flight.
  let limit: Int
  /// What the 429's message says the client is doing too much of.
  let what: String
  private let counts = Mutex<[String: Int]>([:])

  /// A limit of `limit` requests in flight per key.
  init(_ limit: Int, what: String) {
    self.limit = limit
    self.what = what
  }

  /// The requests `key` has in flight now.
  func count(_ key: String) -> Int { counts.withLock { $0[key] ?? 0 } }

  /// Runs `body` as one of `key`'s requests in flight. Keys with none are forgotten, so memory
  /// follows the requests in flight, not the keys ever seen.
  /// - Throws: ``AppError`` 429 with `Retry-After` when `key` has `limit` in flight already;
  ///   whatever `body` throws.
  func holding<T>(_ key: String, _ body: () async throws -> T) async throws -> T {
    let admitted = counts.withLock { counts in
      let now = counts[key] ?? 0
      guard now < limit else { return false }
      counts[key] = now + 1
      return true
    }
    guard admitted else {
      var error = AppError(
        .tooManyRequests, "too many \(what) at once: wait for one to finish")
      error.headers[.retryAfter] = "5"
      throw error
    }
    defer {
      counts.withLock { counts in
        let left = (counts[key] ?? 1) - 1
        counts[key] = left > 0 ? left : nil
      }
    }
    return try await body()
  }
}
