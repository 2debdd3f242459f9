import CollectionLayout

/// Where a layout kind's options come from: a JSON object read by member name (`lots-engine
/// layout`), the values JavaScript wrote in order into the input buffer (the wasm module), or
/// a recorder that writes the format down (`Web/toolkit/abi.js`, docs/layout-spec.md).
///
/// A descriptor (`LayoutDescriptor.read`) asks for each option once, in a fixed order, with its
/// JSON name, passing the option's current value: the `Options` default. A source replaces it
/// with what it has, or leaves it. The order of the calls is the positional format; the names
/// are the JSON format; the values passed in are the defaults: one source of truth for all
/// three. Generic, not existential, so that it compiles with Embedded Swift.
package protocol OptionSource {
  /// What reading can fail with (`Never` for the positional reader).
  associatedtype Failure: Error

  /// A number.
  mutating func number(_ name: StaticString, _ value: inout Double) throws(Failure)
  /// A whole number.
  mutating func integer(_ name: StaticString, _ value: inout Int) throws(Failure)
  /// A flag.
  mutating func flag(_ name: StaticString, _ value: inout Bool) throws(Failure)
  /// Insets `{top, left, bottom, right}` (four values in that order).
  mutating func insets(_ name: StaticString, _ value: inout Insets) throws(Failure)
  /// A size `{width, height}`.
  mutating func size(_ name: StaticString, _ value: inout Size) throws(Failure)
  /// One of a fixed set of named choices (positionally: the index in `C.choices`).
  mutating func choice<C: OptionChoice>(_ name: StaticString, _ value: inout C) throws(Failure)
  /// One whole number per section: in JSON the member `member` of each section object
  /// (`fallback` where absent); positionally a count, then the values.
  mutating func perSection(
    _ name: StaticString, member: StaticString, fallback: Int, _ value: inout [Int]
  ) throws(Failure)
  /// A mosaic's repeating pattern of spans `[{columns, rows}]`; positionally a count, then
  /// (columns, rows) pairs (no pairs keeps the default pattern).
  mutating func spans(_ name: StaticString, _ value: inout [MosaicLayout.Span]) throws(Failure)
  /// A grid's columns: a count or a minimum item width, never both; positionally the count
  /// (0 or less: use the width), then the width.
  mutating func columns(
    count: StaticString, minimumWidth: StaticString, _ value: inout GridLayout.Columns
  ) throws(Failure)
}

/// An option whose value is one of a few named cases.
package protocol OptionChoice: Equatable {
  /// Every case, in the order of their positional codes.
  static var choices: [Self] { get }
  /// The case of a positional code: the index in `choices`, anything else the first case.
  init(code: Int)
  /// The case's name in JSON and JavaScript.
  var choiceName: StaticString { get }
}

extension WaterfallLayout.ItemRenderDirection: OptionChoice {
  package static var choices: [Self] { [.shortestFirst, .leftToRight, .rightToLeft] }
  package init(code: Int) {
    self = code == 1 ? .leftToRight : code == 2 ? .rightToLeft : .shortestFirst
  }
  package var choiceName: StaticString {
    switch self {
    case .shortestFirst: "shortestFirst"
    case .leftToRight: "leftToRight"
    case .rightToLeft: "rightToLeft"
    }
  }
}

extension ScrollAxis: OptionChoice {
  package static var choices: [Self] { [.horizontal, .vertical] }
  package init(code: Int) { self = code == 1 ? .vertical : .horizontal }
  package var choiceName: StaticString {
    switch self {
    case .horizontal: "horizontal"
    case .vertical: "vertical"
    }
  }
}
