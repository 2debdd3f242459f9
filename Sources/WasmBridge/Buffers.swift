/// The two Float64 buffers JavaScript and the module exchange bulk data through: JS fills the
/// input buffer with one `Float64Array.set()`, queries write into the output buffer, and JS
/// reads it through a typed-array view (re-created after any call that may grow memory).
///
/// The pointers are initialised lazily, so every read of one checks that it was; reads go
/// through getters that are never inlined, so that check exists once, not at every use.
enum Buffers {
  nonisolated(unsafe) private static var inputStart = UnsafeMutablePointer<Double>
    .allocate(capacity: 1)
  nonisolated(unsafe) static var inputCapacity = 1
  nonisolated(unsafe) private static var outputStart = UnsafeMutablePointer<Double>
    .allocate(capacity: 1)
  nonisolated(unsafe) static var outputCapacity = 1

  static var input: UnsafeMutablePointer<Double> {
    @inline(never) get { inputStart }
  }

  static var output: UnsafeMutablePointer<Double> {
    @inline(never) get { outputStart }
  }

  /// Makes room for `count` values in the input buffer, keeping none of its contents.
  static func reserveInput(_ count: Int) {
    guard count > inputCapacity else { return }
    inputStart.deallocate()
    inputCapacity = max(count, inputCapacity * 2)
    inputStart = .allocate(capacity: inputCapacity)
  }

  /// Makes room for `count` values in the output buffer, keeping none of its contents.
  static func reserveOutput(_ count: Int) {
    guard count > outputCapacity else { return }
    outputStart.deallocate()
    outputCapacity = max(count, outputCapacity * 2)
    outputStart = .allocate(capacity: outputCapacity)
  }
}

/// Returns the input buffer with room for at least `count` Float64 values.
@_expose(wasm, "lots_input")
@_cdecl("lots_input")
public func lotsInput(_ count: Int32) -> UnsafeMutablePointer<Double> {
  Buffers.reserveInput(Int(count))
  return Buffers.input
}

/// Returns the output buffer written by the last query.
@_expose(wasm, "lots_output")
@_cdecl("lots_output")
public func lotsOutput() -> UnsafeMutablePointer<Double> {
  Buffers.output
}

/// Reads the input buffer from a position on, never past what JS announced.
struct InputReader {
  private var position = 0
  let count: Int

  init(count: Int32) { self.count = min(max(Int(count), 0), Buffers.inputCapacity) }

  var remaining: Int { count - position }

  /// The next value, or NaN when JS sent fewer values than needed.
  ///
  /// Never inlined: it is called from dozens of places, and one copy keeps the module small.
  @inline(never)
  mutating func next() -> Double {
    guard position < count else { return .nan }
    defer { position += 1 }
    return Buffers.input[position]
  }

  /// The next value as a whole number clamped to ±1e9 (NaN gives 0), never a trap.
  @inline(never)
  mutating func nextInt() -> Int {
    let value = next()
    guard value.isFinite else { return 0 }
    return Int(min(max(value, -1e9), 1e9))
  }

  /// The next value as a flag: non-zero and finite is true.
  @inline(never)
  mutating func nextBool() -> Bool {
    let value = next()
    return value.isFinite && value != 0
  }
}

/// An array of `count` values made by `make(index)`, allocated once and never grown: every
/// element type that `map` or `append` builds brings its own copy of the array growth code
/// into the module.
func makeArray<Element>(_ count: Int, _ make: (Int) -> Element) -> [Element] {
  [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
    for index in 0..<count { (buffer.baseAddress! + index).initialize(to: make(index)) }
    initialized = count
  }
}
