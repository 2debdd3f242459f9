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
    let root = try JSONNode.parse(readInput(spec))
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
  }
}
