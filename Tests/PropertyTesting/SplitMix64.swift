/// A small, fast, seedable random number generator for property tests (SplitMix64).
///
/// Shared by the property tests of every pure module: each derives one generator per case
/// from a seed it prints when an invariant fails, so any failure can be replayed.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Creates the generator whose whole sequence follows from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with probability `p`.
  public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

  /// A random element of a non-empty array.
  public mutating func pick<T>(_ values: [T]) -> T {
    values[Int.random(in: 0..<values.count, using: &self)]
  }
}
