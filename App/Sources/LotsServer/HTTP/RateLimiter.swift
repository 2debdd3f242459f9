import Foundation
import Synchronization

/// Token buckets keyed by user or name; thread-safe, in memory, bounded in size.
public final class RateLimiter: Sendable {
  /// A bucket's size and refill rate.
  public struct Budget: Sendable {
    /// Requests allowed at once.
    public var burst: Double
    /// Requests regained per second.
    public var perSecond: Double

    /// Creates a budget.
    public init(burst: Double, perSecond: Double) {
      self.burst = burst
      self.perSecond = perSecond
    }
  }

  private struct Bucket {
    var tokens: Double
    var updated: ContinuousClock.Instant
  }

  private let budget: Budget
  private let buckets = Mutex<[String: Bucket]>([:])

  /// Creates a limiter with one budget for every key.
  public init(_ budget: Budget) {
    self.budget = budget
  }

  /// Takes one token for `key`.
  /// - Returns: nil when allowed, else the seconds to wait.
  func take(_ key: String) -> Int? {
    let now = ContinuousClock.now
    return buckets.withLock { buckets in
      if buckets.count > 100_000 { buckets.removeAll(keepingCapacity: true) }
      var bucket = buckets[key] ?? Bucket(tokens: budget.burst, updated: now)
      let elapsed = bucket.updated.duration(to: now)
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      bucket.tokens = min(budget.burst, bucket.tokens + seconds * budget.perSecond)
      bucket.updated = now
      defer { buckets[key] = bucket }
      if bucket.tokens >= 1 {
        bucket.tokens -= 1
        return nil
      }
      return max(1, Int(((1 - bucket.tokens) / max(budget.perSecond, 1e-9)).rounded(.up)))
    }
  }

  /// Takes one token or throws 429 with `Retry-After`.
  func check(_ key: String, action: String) throws {
    if let wait = take(key) {
      var error = AppError(.tooManyRequests, "too many \(action) requests: retry in \(wait) s")
      error.headers[.retryAfter] = String(wait)
      throw error
    }
  }
}
