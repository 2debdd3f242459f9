/// One option of a layout kind as its descriptor declares it: the name, the shape of its
/// values, and its default, for the generated JavaScript and the command line's checks.
struct OptionField: Sendable, Equatable {
  /// How an option's value is written positionally (`encodeOptions` in engine-options.js).
  enum Shape: String, Sendable {
    /// One number.
    case number
    /// One whole number.
    case integer
    /// One number, 1 or 0.
    case flag
    /// top, left, bottom, right.
    case insets
    /// width, height.
    case size
    /// The index of the choice's name in `choices`.
    case choice
    /// A count, then one whole number per section.
    case perSection
    /// A count, then (columns, rows) pairs.
    case spans
    /// A column count (0 when `minimumItemWidth` is given), then a minimum item width.
    case columns
  }

  /// The option's name in JavaScript (and JSON, but for `perSection` and `columns`).
  let name: String
  let shape: Shape
  /// The default as a JavaScript literal.
  let defaultValue: String
  /// The names of a `choice`, in code order.
  var choices: [String] = []
  /// The names this option has in a JSON spec's `"layout"` object.
  var jsonNames: [String]
  /// The member of each JSON section object that a `perSection` option reads.
  var sectionMember: String?
}
