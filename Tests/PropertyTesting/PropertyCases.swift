#if canImport(Glibc)
  import Glibc
#endif

/// The one runner of every property test: `count` cases, each with its own generator seeded
/// from the suite's base seed, the first failure reported with the seed that replays it.
///
/// `LOTS_SEED=<seed>` in the environment replaces every suite's base: case 0 of each run is
/// then exactly the case that failed with that seed.
public enum PropertyCases {
  /// The collection sizes where off-by-one bugs live; `SplitMix64.count(in:)` returns one of
  /// them a quarter of the time.
  public static let edgeCounts = [0, 1, 2, 3, 19, 20, 21]

  /// `LOTS_SEED` from the environment, when set to a whole number.
  public static let replaySeed: UInt64? = {
    #if canImport(Glibc)
      if let text = getenv("LOTS_SEED"), let seed = UInt64(String(cString: text)) { return seed }
    #endif
    return nil
  }()

  /// The seed of case `index` of a suite whose base seed is `base` (or `LOTS_SEED`).
  public static func seed(_ index: Int, base: UInt64) -> UInt64 {
    (replaySeed ?? base) &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
  }

  /// Runs `body` for `count` cases; `body` returns a failure description or nil. Returns the
  /// number of failing cases and the first failure, prefixed with its seed and how to replay it.
  public static func run(
    _ count: Int, base: UInt64, _ body: (inout SplitMix64, _ seed: UInt64) -> String?
  ) -> (failures: Int, first: String?) {
    var failures = 0
    var first: String?
    for index in 0..<count {
      let seed = seed(index, base: base)
      var random = SplitMix64(seed: seed)
      if let failure = body(&random, seed) {
        failures += 1
        if first == nil {
          first = "seed \(seed) (LOTS_SEED=\(seed) replays it as case 0): \(failure)"
        }
      }
    }
    return (failures, first)
  }

  /// Runs `body` for `count` cases until one fails (returns a description); returns that
  /// failure, prefixed with its seed and how to replay it, or nil.
  public static func firstFailure(
    _ count: Int, base: UInt64, _ body: (inout SplitMix64, _ seed: UInt64) throws -> String?
  ) rethrows -> String? {
    for index in 0..<count {
      let seed = seed(index, base: base)
      var random = SplitMix64(seed: seed)
      if let failure = try body(&random, seed) {
        return "seed \(seed) (LOTS_SEED=\(seed) replays it as case 0): \(failure)"
      }
    }
    return nil
  }
}

extension SplitMix64 {
  /// A collection size in `range`: a quarter of the time one of `PropertyCases.edgeCounts`
  /// that fits, otherwise uniform.
  public mutating func count(in range: ClosedRange<Int>) -> Int {
    let edges = PropertyCases.edgeCounts.filter(range.contains)
    if !edges.isEmpty && chance(0.25) { return pick(edges) }
    return Int.random(in: range, using: &self)
  }
}
