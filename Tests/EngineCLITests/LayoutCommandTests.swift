import Foundation
import Testing

@testable import EngineCLI

@Suite struct LayoutCommandTests {
  static let bounty = """
    {"layout": {"kind": "grid", "columnCount": 2, "aspectRatio": 1.4285714285714286,
      "extraHeight": 65, "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
     "viewport": {"width": 375, "height": 667}, "displayScale": 0,
     "sections": [{"items": [{"width": 1, "height": 1}, {"width": 1, "height": 1},
       {"width": 1, "height": 1}], "headerHeight": 40}]}
    """

  @Test func printsContentSizeAndAttributes() throws {
    let result = try LotsProcess.run(["layout"], stdin: Self.bounty)
    #expect(result.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let size = try #require(json["contentSize"] as? [String: Double])
    #expect(size["width"] == 375)
    let attributes = try #require(json["attributes"] as? [[String: Any]])
    #expect(attributes.count == 4)
    #expect(attributes[0]["kind"] as? String == "header")
    let frame = try #require(attributes[2]["frame"] as? [String: Double])
    #expect(frame["x"] == 192.5 && frame["y"] == 50 && frame["width"] == 172.5)
    #expect(attributes[2]["transform"] == nil)
  }

  @Test func rectAndOffsetSelectAttributes() throws {
    let spec = Self.bounty.replacingOccurrences(
      of: "\"displayScale\": 0,",
      with:
        "\"displayScale\": 0, \"rect\": {\"x\": 0, \"y\": 400, \"width\": 100, \"height\": 10},")
    let result = try LotsProcess.run(["layout"], stdin: spec)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"item\":2"))
    #expect(!result.stdout.contains("\"item\":1,"))
  }

  @Test func drawsAnSVG() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("lots-\(UUID()).svg")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try LotsProcess.run(["layout", "--svg", file.path], stdin: Self.bounty)
    #expect(result.status == 0)
    let svg = try String(contentsOf: file, encoding: .utf8)
    #expect(svg.hasPrefix("<svg"))
    #expect(svg.components(separatedBy: "<rect").count == 1 + 1 + 4 + 1)
  }

  @Test(arguments: [
    ("{\"layout\": ", "$: not valid JSON"),
    ("[]", "$: expected an object, found an array"),
    ("{\"viewport\": {}, \"sections\": []}", "$.layout: required field is missing"),
    (
      "{\"layout\": {\"kind\": \"pinterest\"}, \"viewport\": {\"width\": 1, \"height\": 1}, \"sections\": []}",
      "$.layout.kind: expected one of"
    ),
    (
      "{\"layout\": {\"kind\": \"grid\", \"columns\": 2}, \"viewport\": {\"width\": 1, \"height\": 1}, \"sections\": []}",
      "$.layout.columns: unknown field"
    ),
    (
      "{\"layout\": {\"kind\": \"grid\"}, \"viewport\": {\"width\": \"wide\", \"height\": 1}, \"sections\": []}",
      "$.viewport.width: expected a number, found a string"
    ),
    (
      "{\"layout\": {\"kind\": \"waterfall\", \"columnCount\": 2.5}, \"viewport\": {\"width\": 1, \"height\": 1}, \"sections\": []}",
      "$.layout.columnCount: expected a whole number"
    ),
    (
      "{\"layout\": {\"kind\": \"grid\"}, \"viewport\": {\"width\": 1, \"height\": 1}, \"sections\": [{\"items\": [{\"width\": 1}]}]}",
      "$.sections[0].items[0].height: required field is missing"
    ),
    (
      "{\"layout\": {\"kind\": \"grid\", \"columnCount\": 2, \"minimumItemWidth\": 9}, \"viewport\": {\"width\": 1, \"height\": 1}, \"sections\": []}",
      "not both"
    ),
    (
      "{\"layout\": {\"kind\": \"grid\"}, \"viewport\": {\"width\": 1e999, \"height\": 1}, \"sections\": []}",
      "numbers must fit in a Double"
    ),
  ])
  func badSpecsExitWithStatusTwoNamingTheField(spec: String, message: String) throws {
    let result = try LotsProcess.run(["layout"], stdin: spec)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("lots-engine layout: "))
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func missingFileExitsWithStatusTwo() throws {
    let result = try LotsProcess.run(["layout", "/nonexistent/spec.json"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot read /nonexistent/spec.json"))
  }

  @Test func hostileButValidNumbersNeverCrash() throws {
    let spec = """
      {"layout": {"kind": "waterfall", "columnCount": -4, "minimumColumnSpacing": -1e308,
        "sectionInset": {"left": 1e308}},
       "viewport": {"width": -10, "height": 0},
       "sections": [{"items": [{"width": 0, "height": -1}, {"width": 1e308, "height": 1e-308}]}]}
      """
    let result = try LotsProcess.run(["layout"], stdin: spec)
    #expect(result.status == 0)
    #expect(!result.stdout.contains("nan") && !result.stdout.contains("inf"))
  }
}
