import Foundation

/// The seeded generator of the app's randomized tests (xorshift64*): the toolkit's
/// `PropertyTesting` is a test target of the other package, not a product this one can use.
/// `LOTS_SEED` replays a failing run, as in the toolkit.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

  /// `LOTS_SEED` from the environment, when set to a whole number.
  static var replaySeed: UInt64? {
    ProcessInfo.processInfo.environment["LOTS_SEED"].flatMap(UInt64.init)
  }

  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }

  /// A whole number in `range`.
  mutating func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &self) }

  /// A whole number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
