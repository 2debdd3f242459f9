import Foundation

/// What a ``RateLimiter`` holds in memory when sent many distinct keys (`lots bench-limiter`):
/// the process's resident memory before and after, with every key made on the fly so that only
/// what the limiter keeps stays resident.
public enum RateLimiterBenchmark {
  /// One measurement.
  public struct Result: Sendable, CustomStringConvertible {
    /// Keys sent, and the bytes of each.
    public var keys: Int
    public var keyBytes: Int
    /// Keys the limiter kept.
    public var kept: Int
    /// Growth of resident memory, in bytes.
    public var residentGrowth: Int
    /// Seconds the keys took.
    public var seconds: Double

    public var description: String {
      let megabytes = Double(residentGrowth) / 1_048_576
      let perKey = kept > 0 ? residentGrowth / kept : 0
      return "\(keys) keys of \(keyBytes) B: kept \(kept), resident +"
        + String(format: "%.1f MB (%d B a key kept), %.1f s", megabytes, perKey, seconds)
    }
  }

  /// Sends `keys` distinct keys of `keyBytes` bytes each to a limiter with the sign-in budget
  /// and the default capacity.
  /// - Complexity: O(*k* · *b*) for *k* keys of *b* bytes.
  public static func run(keys: Int, keyBytes: Int) -> Result {
    let limiter = RateLimiter(RateLimits().signIn)
    let padding = String(repeating: "n", count: max(0, keyBytes - 12))
    let before = residentBytes()
    let start = ContinuousClock.now
    for index in 0..<keys {
      var key = padding
      key += String(index)
      _ = limiter.take(key)
    }
    let elapsed = start.duration(to: .now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Result(
      keys: keys, keyBytes: keyBytes, kept: limiter.count,
      residentGrowth: residentBytes() - before, seconds: seconds)
  }

  /// The process's resident memory (`/proc/self/statm`), in bytes; 0 where there is none.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
