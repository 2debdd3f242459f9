/// JavaScript literals for the generated `abi.js`.
enum JavaScript {
  /// A number literal: whole numbers without a fraction.
  static func number(_ value: Double) -> String {
    var writer = JSONWriter()
    writer.number(value)
    return writer.text
  }

  /// A string literal.
  static func string(_ value: String) -> String {
    var writer = JSONWriter()
    writer.string(value)
    return writer.text
  }

  /// An object literal `{ key: value, ... }` from literals, keys in the order given.
  static func object(_ members: [(String, String)]) -> String {
    "{ " + members.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
  }

  /// An array literal of string literals.
  static func strings(_ values: [String]) -> String {
    "[" + values.map(string).joined(separator: ", ") + "]"
  }
}
