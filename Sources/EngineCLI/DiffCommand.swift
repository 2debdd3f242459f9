import CollectionDiff
import Foundation

/// `lots-engine diff OLD NEW`: diffs two JSON collections with CollectionDiff and prints the
/// changeset. Each file holds an array of `{"id", "version"}` objects, or an array of sections
/// `{"id", "version", "items": [...]}`; the output is one changeset object, or a list of them when
/// the update must be staged (schemas: docs/diff.md).
public struct DiffCommand {
  /// The old collection's JSON file (`-` reads standard input).
  public var old: String
  /// The new collection's JSON file (`-` reads standard input).
  public var new: String

  /// Reads `OLD NEW`.
  ///
  /// - Throws: `CommandFailure` when either is missing or more are given.
  public init(arguments: [String]) throws {
    var rest = ArgumentList(arguments)
    guard let old = try rest.positional("OLD"), let new = try rest.positional("NEW") else {
      throw CommandFailure("expected two files, OLD and NEW")
    }
    try rest.finish()
    (self.old, self.new) = (old, new)
  }

  /// Diffs the two files and prints the changeset.
  ///
  /// - Throws: `SpecError` naming the first wrong field, or `CommandFailure`.
  public func run() throws {
    let before = try DiffInput.parse(readInput(old), file: old)
    let after = try DiffInput.parse(readInput(new), file: new)
    // Repeated ids are not an error (the changeset stays valid) but usually a bug upstream.
    for warning in before.repeatedIDs(file: old) + after.repeatedIDs(file: new) {
      FileHandle.standardError.write(Data("lots-engine diff: warning: \(warning)\n".utf8))
    }
    let output: String
    switch (before, after) {
    case (.flat(let from), .flat(let to)):
      output = DiffOutput.json(Changeset(from: from, to: to))
    case (.sections(let from), .sections(let to)):
      output = DiffOutput.json(SectionedChangeset(from: from, to: to))
    default:
      throw CommandFailure(
        "\(new): $: one file holds sections and the other plain items; use the same shape")
    }
    FileHandle.standardOutput.write(Data((output + "\n").utf8))
  }
}
