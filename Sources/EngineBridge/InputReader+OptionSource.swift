import CollectionLayout

/// The positional format: each option's values in the order its descriptor asks for them,
/// names ignored. Every value is taken as JS wrote it (a missing one reads as NaN, which the
/// layouts sanitise), so a short or hostile buffer never traps.
extension InputReader: OptionSource {
  package typealias Failure = Never

  package mutating func number(_ name: StaticString, _ value: inout Double) {
    value = next()
  }

  package mutating func integer(_ name: StaticString, _ value: inout Int) {
    value = nextInt()
  }

  package mutating func flag(_ name: StaticString, _ value: inout Bool) {
    value = nextBool()
  }

  @inline(never)
  package mutating func insets(_ name: StaticString, _ value: inout Insets) {
    value = Insets(top: next(), left: next(), bottom: next(), right: next())
  }

  package mutating func size(_ name: StaticString, _ value: inout Size) {
    value = Size(width: next(), height: next())
  }

  package mutating func choice<C: OptionChoice>(_ name: StaticString, _ value: inout C) {
    value = C(code: nextInt())
  }

  package mutating func perSection(
    _ name: StaticString, member: StaticString, fallback: Int, _ value: inout [Int]
  ) {
    let count = min(max(nextInt(), 0), remaining)
    value = makeArray(count) { _ in nextInt() }
  }

  package mutating func spans(_ name: StaticString, _ value: inout [MosaicLayout.Span]) {
    let count = min(max(nextInt(), 0), remaining / 2)
    if count > 0 {
      value = makeArray(count) { _ in MosaicLayout.Span(columns: nextInt(), rows: nextInt()) }
    }
  }

  package mutating func columns(
    count: StaticString, minimumWidth: StaticString, _ value: inout GridLayout.Columns
  ) {
    let columns = nextInt()
    let width = next()
    value = columns > 0 ? .count(columns) : .minimumWidth(width)
  }
}
