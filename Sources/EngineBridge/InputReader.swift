/// Reads the values JS wrote into the input buffer, in order, never past what it announced.
package struct InputReader {
  private let values: UnsafePointer<Double>
  private var position = 0
  /// How many values there are to read.
  package let count: Int

  /// Reads the first `count` values of the input buffer (no more than it holds).
  package init(count: Int32) {
    self.init(Buffers.input, count: min(max(Int(count), 0), Buffers.inputCapacity))
  }

  /// Reads `count` values from `values` on (tests read their own arrays).
  package init(_ values: UnsafePointer<Double>, count: Int) {
    self.values = values
    self.count = count
  }

  /// The values not read yet.
  package var remaining: Int { count - position }

  /// The next value, or NaN when JS sent fewer values than needed.
  ///
  /// Never inlined: it is called from dozens of places, and one copy keeps the module small.
  @inline(never)
  package mutating func next() -> Double {
    guard position < count else { return .nan }
    defer { position += 1 }
    return values[position]
  }

  /// The next value as a whole number clamped to ±1e9 (NaN gives 0), never a trap.
  @inline(never)
  package mutating func nextInt() -> Int {
    let value = next()
    guard value.isFinite else { return 0 }
    return Int(min(max(value, -1e9), 1e9))
  }

  /// The next value as a flag: non-zero and finite is true.
  @inline(never)
  package mutating func nextBool() -> Bool {
    let value = next()
    return value.isFinite && value != 0
  }
}
