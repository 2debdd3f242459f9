import CollectionLayout
import Foundation

/// `lots-engine layout [SPEC] [--svg FILE]`: runs the layout engine on a JSON spec and prints
/// every element's attributes as JSON (schemas: docs/layout-spec.md).
public struct LayoutCommand {
  /// The JSON spec file; `-` reads standard input.
  public var spec = "-"
  /// Also draw the layout as an SVG picture into this file.
  public var svg: String?

  /// Reads `[SPEC] [--svg FILE]`.
  ///
  /// - Throws: `CommandFailure` for an unknown flag or a missing value.
  public init(arguments: [String]) throws {
    var rest = ArgumentList(arguments)
    svg = try rest.option("--svg")
    spec = try rest.positional("SPEC") ?? "-"
    try rest.finish()
  }

  /// Lays out the spec and prints the JSON.
  ///
  /// - Throws: `SpecError` naming the first wrong field, or `CommandFailure`.
  public func run() throws {
    let root = try JSONNode.parse(readInput(spec))
    let parsed = try LayoutSpec.parse(root)
    let snap = try SnapQuery.parse(root)
    var layout = parsed.layout
    layout.prepare(parsed.context)
    var extra: [(String, (inout JSONWriter) -> Void)] = []
    if let movement = try MovementQuery.parse(root) {
      let moved = try movement.run(layout, path: root.path)
      layout = moved.0
      extra.append(moved.1)
    }
    let output = LayoutOutput(layout: layout, spec: parsed)
    extra += snap.map { [$0.output(layout)] } ?? []
    FileHandle.standardOutput.write(Data((output.json(extra: extra) + "\n").utf8))
    if let svg {
      try write(LayoutPicture(output: output, spec: parsed).svg(), to: svg)
    }
  }
}
