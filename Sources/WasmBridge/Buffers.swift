import EngineBridge

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
