import CollectionLayout
import Foundation
import Testing

@testable import EngineCLI

/// The formats one descriptor defines agree: the defaults it writes down (for abi.js) are the
/// defaults the JSON reader applies, and every name it records is accepted in JSON.
@Suite struct DescriptorFormatTests {
  /// The JSON output of laying out `options` (a JSON object's members) for a kind.
  static func layout(_ kind: String, _ options: [String]) throws -> String {
    let members = (["\"kind\": \"\(kind)\""] + options).joined(separator: ", ")
    let spec = """
      {"layout": {\(members)}, "viewport": {"width": 390, "height": 300}, "displayScale": 3,
       "sections": [{"items": [{"width": 3, "height": 4}, {"width": 1, "height": 2},
         {"width": 5, "height": 1}, {"width": 2, "height": 2}, {"width": 1, "height": 1}]}]}
      """
    let parsed = try LayoutSpec.parse(JSONNode.parse(Data(spec.utf8)))
    var layout = parsed.layout
    layout.prepare(parsed.context)
    return LayoutOutput(layout: layout, spec: parsed).json()
  }

  /// A JavaScript literal from abi.js as JSON (its object keys quoted).
  static func json(_ literal: String) -> String {
    literal.replacingOccurrences(
      of: #"([A-Za-z]+): "#, with: #""$1": "#, options: .regularExpression)
  }

  @Test func recordedDefaultsAreTheDefaultsTheJSONReaderApplies() throws {
    #expect(
      LayoutKind.all.map(\.name) == [
        "waterfall", "mosaic", "grid", "snap", "infinite", "carousel", "stack",
      ])
    for kind in LayoutKind.all {
      var options: [String] = []
      for field in kind.fields {
        switch field.shape {
        case .perSection: continue  // read from the sections, not the layout object
        case .columns:
          // Either name alone; the count is the default.
          let count = Self.json(field.defaultValue).firstMatch(of: /"columnCount": (\d+)/)
          options.append("\"\(field.jsonNames[0])\": \(try #require(count?.1))")
        default: options.append("\"\(field.name)\": \(Self.json(field.defaultValue))")
        }
      }
      #expect(
        try Self.layout(kind.name, options) == Self.layout(kind.name, []), "\(kind.name)")
    }
  }

  @Test func aDifferentValueForAnyOptionIsRead() throws {
    // A guard on the test above: options that differ from their defaults change the layout
    // (for the options a five-item single-section layout shows at all).
    let changed = [
      ("waterfall", "\"columnCount\": 3"), ("mosaic", "\"spacing\": 2"),
      ("grid", "\"minimumItemWidth\": 50"),
      ("snap", "\"itemSize\": {\"width\": 50, \"height\": 80}"),
      ("infinite", "\"interitemSpacing\": 30"), ("carousel", "\"minimumScaleFactor\": 0.5"),
      ("stack", "\"zOffset\": -10"),
    ]
    for (kind, option) in changed {
      #expect(try Self.layout(kind, [option]) != Self.layout(kind, []), "\(kind): \(option)")
    }
  }

  @Test func abiListsEveryKindWithItsCodeAndOptions() {
    let script = ABIScript.text
    for kind in LayoutKind.all {
      #expect(script.contains("\(kind.name): \(kind.code)"))
      #expect(script.contains("  \(kind.name): Object.freeze(["))
    }
    #expect(script.contains("stride: 15"))
    #expect(script.contains("export const ITEM = Object.freeze({ bytes: 24,"))
  }
}
