import Foundation
import Testing

/// `lots layout` with the scroll-driven kinds and the `"snap"` query.
@Suite struct ScrollLayoutCommandTests {
  static func spec(_ layout: String, count: Int = 10, extra: String = "") -> String {
    let items = Array(repeating: "{\"width\": 1, \"height\": 1}", count: count)
    return """
      {"layout": \(layout), "viewport": {"width": 390, "height": 200}, "displayScale": 0,
       "sections": [{"items": [\(items.joined(separator: ", "))]}]\(extra)}
      """
  }

  static func json(_ stdin: String) throws -> [String: Any] {
    let result = try LotsProcess.run(["layout"], stdin: stdin)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  @Test func snapQueryReportsTargetAndFocusedItem() throws {
    // 1000 pt/s projects 499 pt: 260 + 499 = 759; item 7 rests at 756, behind the flick, so
    // item 8 at 864.
    let json = try Self.json(
      Self.spec(
        "{\"kind\": \"snap\"}",
        extra:
          ", \"snap\": {\"proposed\": {\"x\": 260, \"y\": 0}, \"velocity\": {\"x\": 1000, \"y\": 0}}"
      ))
    let snap = try #require(json["snap"] as? [String: Any])
    #expect(snap["target"] as? [String: Double] == ["x": 864, "y": 0])
    #expect(snap["focusedItem"] as? Int == 8)
    #expect(json["contentSize"] as? [String: Double] == ["width": 1362, "height": 116])
  }

  @Test func everyKindRunsWithItsOptions() throws {
    let layouts = [
      "{\"kind\": \"snap\", \"axis\": \"vertical\", \"itemSize\": {\"width\": 50, \"height\": 40}}",
      "{\"kind\": \"infinite\", \"repeatsItemsOnScreen\": true, \"snapToCenter\": false}",
      "{\"kind\": \"carousel\", \"sideItemAlpha\": 0.5, \"minimumScaleFactor\": 0.7}",
      "{\"kind\": \"stack\", \"zOffset\": -80, \"sectionInsetTop\": 30}",
    ]
    for layout in layouts {
      let json = try Self.json(
        Self.spec(
          layout, extra: ", \"rect\": {\"x\": 0, \"y\": 0, \"width\": 390, \"height\": 200}"))
      let attributes = try #require(json["attributes"] as? [[String: Any]])
      #expect(!attributes.isEmpty, "\(layout)")
    }
  }

  @Test func stackHasNoFocusedItem() throws {
    let json = try Self.json(
      Self.spec(
        "{\"kind\": \"stack\"}", extra: ", \"snap\": {\"proposed\": {\"x\": 0, \"y\": 12}}"))
    let snap = try #require(json["snap"] as? [String: Any])
    #expect(snap["target"] as? [String: Double] == ["x": 0, "y": 12])
    #expect(snap["focusedItem"] is NSNull)
  }

  @Test func badOptionsNameTheField() throws {
    let cases = [
      ("{\"kind\": \"carousel\", \"scale\": 2}", "$.layout.scale: unknown field"),
      ("{\"kind\": \"snap\", \"axis\": \"diagonal\"}", "$.layout.axis: expected one of"),
      ("{\"kind\": \"stack\", \"itemSize\": {\"width\": 1}}", "$.layout.itemSize.height"),
    ]
    for (layout, message) in cases {
      let result = try LotsProcess.run(["layout"], stdin: Self.spec(layout))
      #expect(result.status == 2)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
    let snap = try LotsProcess.run(
      ["layout"], stdin: Self.spec("{\"kind\": \"snap\"}", extra: ", \"snap\": {\"at\": 1}"))
    #expect(snap.status == 2 && snap.stderr.contains("$.snap.at: unknown field"))
  }
}
