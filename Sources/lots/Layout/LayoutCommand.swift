import ArgumentParser
import CollectionLayout
import Foundation

/// `lots layout [SPEC] [--svg FILE]`: runs the layout engine on a JSON spec and prints JSON.
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Lay out a JSON spec with the LOTs engine and print the attributes as JSON.",
    discussion: "The spec and output schemas are documented in docs/layout-spec.md.")

  @Argument(help: "The JSON spec file; '-' or nothing reads standard input.")
  var spec: String = "-"

  @Option(help: "Also draw the layout as an SVG picture into this file.")
  var svg: String?

  func run() throws {
    do {
      let data = try readInput(spec)
      let root = try JSONNode.parse(data)
      let parsed = try LayoutSpec.parse(root)
      let snap = try SnapQuery.parse(root)
      var layout = parsed.layout
      layout.prepare(parsed.context)
      let output = LayoutOutput(layout: layout, spec: parsed)
      let extra = snap.map { [$0.output(layout)] } ?? []
      FileHandle.standardOutput.write(Data((output.json(extra: extra) + "\n").utf8))
      if let svg {
        try write(LayoutPicture(output: output, spec: parsed).svg(), to: svg)
      }
    } catch let error as SpecError {
      throw CommandFailure("lots layout: \(error)")
    } catch let failure as CommandFailure {
      throw CommandFailure("lots layout: \(failure)")
    }
  }
}

/// Reads a file, or standard input for `-`.
func readInput(_ path: String) throws -> Data {
  if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
  guard let data = FileManager.default.contents(atPath: path) else {
    throw CommandFailure("cannot read \(path): no such file or not readable")
  }
  return data
}

/// Writes text to a file, failing with a message naming it.
func write(_ text: String, to path: String) throws {
  guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
    throw CommandFailure("cannot write \(path)")
  }
}

/// A failure the user can fix: printed on standard error, exit status 2.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
