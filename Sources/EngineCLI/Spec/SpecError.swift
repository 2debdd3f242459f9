/// A problem with a JSON input file, naming the field and what was wrong
/// (`sections[2].items[5].width: expected a number, found a string`).
struct SpecError: Error, CustomStringConvertible {
  /// The JSON path of the offending field (`$` for the document).
  let path: String
  /// What was wrong with it.
  let message: String

  var description: String { "\(path): \(message)" }
}
