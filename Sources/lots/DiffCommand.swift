import ArgumentParser
import CollectionDiff
import Foundation

/// `lots diff OLD NEW`: diffs two JSON collections with CollectionDiff and prints the changeset.
struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Diff two JSON collections and print the batch update as JSON.",
    discussion: """
      Each file holds an array of {"id", "version"} objects, or an array of sections \
      {"id", "version", "items": [...]}. The output is one changeset object, or a list of them \
      when the update must be staged. Schemas: docs/diff.md.
      """)

  @Argument(help: "The old collection's JSON file ('-' reads standard input).")
  var old: String

  @Argument(help: "The new collection's JSON file ('-' reads standard input).")
  var new: String

  func run() throws {
    let before = try DiffInput.parse(readInput(old), file: old)
    let after = try DiffInput.parse(readInput(new), file: new)
    // Repeated ids are not an error (the changeset stays valid) but usually a bug upstream.
    for warning in before.repeatedIDs(file: old) + after.repeatedIDs(file: new) {
      FileHandle.standardError.write(Data("lots diff: warning: \(warning)\n".utf8))
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
