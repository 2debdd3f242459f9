/// The two Float64 buffers JavaScript and the module exchange bulk data through: JS fills the
/// input buffer with one `Float64Array.set()`, queries write into the output buffer, and JS
/// reads it through a typed-array view (re-created after any call that may grow memory).
///
/// The pointers are initialised lazily, so every read of one checks that it was; reads go
/// through getters that are never inlined, so that check exists once, not at every use.
package enum Buffers {
  nonisolated(unsafe) private static var inputStart = UnsafeMutablePointer<Double>
    .allocate(capacity: 1)
  nonisolated(unsafe) package static var inputCapacity = 1
  nonisolated(unsafe) private static var outputStart = UnsafeMutablePointer<Double>
    .allocate(capacity: 1)
  nonisolated(unsafe) package static var outputCapacity = 1

  package static var input: UnsafeMutablePointer<Double> {
    @inline(never) get { inputStart }
  }

  package static var output: UnsafeMutablePointer<Double> {
    @inline(never) get { outputStart }
  }

  /// Makes room for `count` values in the input buffer, keeping none of its contents.
  package static func reserveInput(_ count: Int) {
    guard count > inputCapacity else { return }
    inputStart.deallocate()
    inputCapacity = max(count, inputCapacity * 2)
    inputStart = .allocate(capacity: inputCapacity)
  }

  /// Makes room for `count` values in the output buffer, keeping none of its contents.
  package static func reserveOutput(_ count: Int) {
    guard count > outputCapacity else { return }
    outputStart.deallocate()
    outputCapacity = max(count, outputCapacity * 2)
    outputStart = .allocate(capacity: outputCapacity)
  }
}
