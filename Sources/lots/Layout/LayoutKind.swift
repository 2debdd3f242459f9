import CollectionLayout

/// How one layout kind of `lots layout` reads its options from the spec's `"layout"` object.
///
/// Each kind lists the option names it accepts, so an unknown option is reported by name, and
/// builds its layout from them. Kinds are registered in `LayoutKind.all`.
struct LayoutKind: Sendable {
  /// The value of `"kind"`.
  let name: String
  /// The option names accepted in the `"layout"` object besides `"kind"`.
  let options: [String]
  /// Extra per-section fields this kind reads (besides items and header/footer heights).
  var sectionOptions: [String] = []
  /// Builds the layout from its options and the spec's section objects.
  let make: @Sendable (_ options: JSONObject, _ sections: [JSONObject]) throws -> any Layout

  /// Every kind `lots layout` knows.
  static let all: [LayoutKind] = [.waterfall, .mosaic, .grid] + scrollKinds

  /// The scroll-driven kinds (Sources/lots/Layout/ScrollLayoutSpecs.swift).
  static let scrollKinds: [LayoutKind] = [.snap, .infinite, .carousel, .stack]
}

extension JSONObject {
  /// The member `key` as insets `{"top", "left", "bottom", "right"}` (each optional, default 0).
  func insets(_ key: String) throws -> Insets? {
    guard let node = self[key] else { return nil }
    let members = try node.object(allowing: ["top", "left", "bottom", "right"])
    return Insets(
      top: try members["top"]?.number() ?? 0, left: try members["left"]?.number() ?? 0,
      bottom: try members["bottom"]?.number() ?? 0, right: try members["right"]?.number() ?? 0)
  }

  /// The member `key` as a point `{"x", "y"}`.
  func point(_ key: String) throws -> Point? {
    guard let node = self[key] else { return nil }
    let members = try node.object(allowing: ["x", "y"])
    return Point(x: try members.required("x").number(), y: try members.required("y").number())
  }

  /// The member `key` as a rect `{"x", "y", "width", "height"}`.
  func rect(_ key: String) throws -> Rect? {
    guard let node = self[key] else { return nil }
    let members = try node.object(allowing: ["x", "y", "width", "height"])
    return Rect(
      x: try members.required("x").number(), y: try members.required("y").number(),
      width: try members.required("width").number(),
      height: try members.required("height").number())
  }
}
