/// The options of every layout kind as a Markdown table, for docs/layout-spec.md: generated
/// from the descriptors like `abi.js`, so the documented names and defaults cannot drift.
enum OptionTable {
  /// The table, one row per option of each kind, in positional order.
  static var markdown: String {
    var lines = [
      "| kind | option | value | default |",
      "|---|---|---|---|",
    ]
    for kind in LayoutKind.all {
      for field in kind.fields {
        lines.append(
          "| `\(kind.name)` | \(names(field)) | \(value(field)) | `\(field.defaultValue)` |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func names(_ field: OptionField) -> String {
    if let member = field.sectionMember { return "`sections[].\(member)`" }
    return field.jsonNames.map { "`\($0)`" }.joined(separator: " or ")
  }

  private static func value(_ field: OptionField) -> String {
    switch field.shape {
    case .number: "number"
    case .integer: "whole number"
    case .flag: "boolean"
    case .insets: "insets"
    case .size: "`{width, height}`"
    case .choice: field.choices.map { "`\"\($0)\"`" }.joined(separator: ", ")
    case .perSection: "whole number, per section"
    case .spans: "list of `{columns, rows}`"
    case .columns: "whole number, or number"
    }
  }
}
