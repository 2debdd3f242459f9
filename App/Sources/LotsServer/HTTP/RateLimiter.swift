import Crypto
import Foundation
import Synchronization

/// Token buckets keyed by user or name; thread-safe, in memory, bounded in size.
///
/// A key is kept as 16 bytes of its SHA-256, whatever its length: what one bucket costs does
/// not depend on what a client sends (63 KB names held 48.8 MB over 720 keys when the keys
/// were kept whole), and at most ``capacity`` buckets are kept.
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

  /// A key's digest: 128 bits, so that no two keys a client can make share a bucket.
  private struct Key: Hashable {
    var high: UInt64
    var low: UInt64

    init(_ key: String) {
      let digest = SHA256.hash(data: Array(key.utf8))
      var words = (UInt64(0), UInt64(0))
      withUnsafeMutableBytes(of: &words) { words in
        digest.withUnsafeBytes { bytes in words.copyMemory(from: .init(rebasing: bytes[..<16])) }
      }
      (high, low) = words
    }
  }

  private struct Bucket {
    var tokens: Double
    var updated: ContinuousClock.Instant
  }

  private let budget: Budget
  /// The most keys remembered; see ``take(_:)`` for what happens past it.
  let capacity: Int
  private let buckets = Mutex<[Key: Bucket]>([:])

  /// Creates a limiter with one budget for every key, remembering at most `capacity` keys.
  public init(_ budget: Budget, capacity: Int = 100_000) {
    self.budget = budget
    self.capacity = capacity
  }

  /// The seconds `key` must wait for a token, without taking one; nil when it has one.
  func wait(_ key: String) -> Int? {
    let key = Key(key)
    let now = ContinuousClock.now
    return buckets.withLock { buckets in
      let bucket = refilled(buckets[key], now: now)
      return bucket.tokens >= 1 ? nil : seconds(toRefill: bucket)
    }
  }

  /// Takes one token for `key`.
  ///
  /// Memory stays bounded without ever forgetting a limited key for a new one: past
  /// ``capacity`` keys, the buckets that have refilled (as good as never seen) go first, then
  /// the fullest ones; the emptiest, the keys actually being held back, stay. Inventing names
  /// by the thousand cannot reset the bucket of the name under attack.
  /// - Returns: nil when allowed, else the seconds to wait.
  /// - Complexity: O(1) amortized; a sweep of O(*n* log *n*) once every *n*/10 new keys past
  ///   capacity.
  func take(_ key: String) -> Int? {
    let key = Key(key)
    let now = ContinuousClock.now
    return buckets.withLock { buckets in
      var bucket = refilled(buckets[key], now: now)
      if buckets[key] == nil && buckets.count >= capacity { evict(&buckets, now: now) }
      defer { buckets[key] = bucket }
      if bucket.tokens >= 1 {
        bucket.tokens -= 1
        return nil
      }
      return seconds(toRefill: bucket)
    }
  }

  /// The keys remembered now.
  var count: Int { buckets.withLock { $0.count } }

  private func refilled(_ bucket: Bucket?, now: ContinuousClock.Instant) -> Bucket {
    guard var bucket else { return Bucket(tokens: budget.burst, updated: now) }
    let elapsed = bucket.updated.duration(to: now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    bucket.tokens = min(budget.burst, bucket.tokens + seconds * budget.perSecond)
    bucket.updated = now
    return bucket
  }

  private func seconds(toRefill bucket: Bucket) -> Int {
    max(1, Int(((1 - bucket.tokens) / max(budget.perSecond, 1e-9)).rounded(.up)))
  }

  /// Frees a tenth of the capacity: refilled buckets first, then the fullest.
  private func evict(_ buckets: inout [Key: Bucket], now: ContinuousClock.Instant) {
    var kept: [(key: Key, tokens: Double)] = []
    for (key, bucket) in buckets {
      let tokens = refilled(bucket, now: now).tokens
      if tokens >= budget.burst { buckets[key] = nil } else { kept.append((key, tokens)) }
    }
    let target = capacity - max(1, capacity / 10)
    guard buckets.count > target else { return }
    kept.sort { $0.tokens > $1.tokens }
    for entry in kept.prefix(buckets.count - target) { buckets[entry.key] = nil }
  }

  /// Takes one token or throws 429 with `Retry-After`.
  func check(_ key: String, action: String) throws {
    if let wait = take(key) { throw Self.limited(action, wait: wait) }
  }

  /// Throws 429 with `Retry-After` if `key` has no token, without taking one.
  func checkWithoutTaking(_ key: String, action: String) throws {
    if let wait = wait(key) { throw Self.limited(action, wait: wait) }
  }

  static func limited(_ action: String, wait: Int) -> AppError {
    var error = AppError(.tooManyRequests, "too many \(action) requests: retry in \(wait) s")
    error.headers[.retryAfter] = String(wait)
    return error
  }
}
