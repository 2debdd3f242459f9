import CollectionLayout

/// A parsed `lots layout` input: the layout, its context, and what to query.
/// The schema is documented in docs/layout-spec.md.
struct LayoutSpec {
  var layout: any Layout
  var context: LayoutContext
  /// Only attributes intersecting this rect are printed; `nil` means all of them.
  var rect: Rect?
  /// The content offset the attributes are computed at.
  var offset: Point

  static let fields = [
    "layout", "viewport", "sections", "rect", "offset", "contentInsets", "displayScale",
    "direction", "snap", "movement",
  ]

  /// Reads a spec, failing with the path of the first wrong field.
  static func parse(_ root: JSONNode) throws -> LayoutSpec {
    let spec = try root.object(allowing: fields)
    let layoutJSON = try spec.required("layout")
    guard case .object(let members) = layoutJSON.value, let kindValue = members["kind"] else {
      _ = try layoutJSON.object(allowing: ["kind"])
      throw SpecError(path: layoutJSON.path + ".kind", message: "required field is missing")
    }
    let kindName = try JSONNode(value: kindValue, path: layoutJSON.path + ".kind")
      .choice(LayoutKind.all.map(\.name))
    let kind = LayoutKind.all.first { $0.name == kindName }!
    let options = try layoutJSON.object(allowing: ["kind"] + kind.options)
    let sectionFields = ["items", "headerHeight", "footerHeight"] + kind.sectionOptions
    let sectionObjects = try spec.required("sections").array().map {
      try $0.object(allowing: sectionFields)
    }
    let viewport = try spec.required("viewport").object(allowing: ["width", "height"])
    var context = LayoutContext(
      viewport: Size(
        width: try viewport.required("width").number(),
        height: try viewport.required("height").number()),
      contentInsets: try spec.insets("contentInsets") ?? .zero,
      displayScale: try spec["displayScale"]?.number() ?? 1,
      direction: try spec["direction"]?.choice(["ltr", "rtl"]) == "rtl"
        ? .rightToLeft : .leftToRight)
    context.sections = try sectionObjects.map(section)
    return LayoutSpec(
      layout: try kind.make(options, sectionObjects), context: context,
      rect: try spec.rect("rect"), offset: try spec.point("offset") ?? .zero)
  }

  private static func section(_ json: JSONObject) throws -> LayoutSection {
    let items = try json.required("items").array().map { node in
      let item = try node.object(allowing: ["width", "height", "fullSpan"])
      return LayoutItem(
        width: try item.required("width").number(), height: try item.required("height").number(),
        isFullSpan: try item["fullSpan"]?.bool() ?? false)
    }
    return LayoutSection(
      items: items, headerHeight: try json["headerHeight"]?.number(),
      footerHeight: try json["footerHeight"]?.number())
  }
}
