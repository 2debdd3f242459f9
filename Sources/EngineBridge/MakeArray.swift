/// An array of `count` values made by `make(index)`, allocated once and never grown: every
/// element type that `map` or `append` builds brings its own copy of the array growth code
/// into the module.
package func makeArray<Element>(_ count: Int, _ make: (Int) -> Element) -> [Element] {
  [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
    for index in 0..<count { (buffer.baseAddress! + index).initialize(to: make(index)) }
    initialized = count
  }
}
