import Synchronization

/// Requests of one kind in flight, per key (a user, a client address, or one key for the whole
/// server), refused past a limit: one account or one address cannot take every place a
/// server-wide bound gives out, and the server-wide bound holds.
final class InFlightLimit: Sendable {
  /// The most requests one key may have in flight.
  let limit: Int
  /// The answer past the limit (a 429 or 503, with its `Retry-After`).
  let refusal: AppError
  private let counts = Mutex<[String: Int]>([:])

  /// A limit of `limit` requests in flight per key, past which `refusal` is thrown.
  init(_ limit: Int, refusal: AppError) {
    self.limit = limit
    self.refusal = refusal
  }

  /// A 429 limit on `what` ("uploads", ...) per key.
  convenience init(_ limit: Int, tooMany what: String) {
    var refusal = AppError(.tooManyRequests, "too many \(what) at once: wait for one to finish")
    refusal.headers[.retryAfter] = "5"
    self.init(limit, refusal: refusal)
  }

  /// The requests `key` has in flight now.
  func count(_ key: String) -> Int { counts.withLock { $0[key] ?? 0 } }

  /// Runs `body` as one of `key`'s requests in flight. Keys with none are forgotten, so memory
  /// follows the requests in flight, not the keys ever seen.
  /// - Throws: ``refusal`` when `key` has `limit` in flight already; whatever `body` throws.
  func holding<T>(_ key: String = "", _ body: () async throws -> T) async throws -> T {
    let admitted = counts.withLock { counts in
      let now = counts[key] ?? 0
      guard now < limit else { return false }
      counts[key] = now + 1
      return true
    }
    guard admitted else { throw refusal }
    defer {
      counts.withLock { counts in
        let left = (counts[key] ?? 1) - 1
        counts[key] = left > 0 ? left : nil
      }
    }
    return try await body()
  }
}
