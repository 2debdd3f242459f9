import CollectionLayout

/// The result of `lots layout`: the content size and the attributes, in a stable order
/// (section, then header, cells, footer, then item).
struct LayoutOutput {
  let contentSize: Size
  let attributes: [LayoutAttributes]

  init(layout: any Layout, spec: LayoutSpec) {
    contentSize = layout.contentSize
    let rect =
      spec.rect ?? Rect(x: -1, y: -1, width: contentSize.width + 2, height: contentSize.height + 2)
    attributes = layout.attributes(in: rect, offset: spec.offset).sorted(by: Self.order)
  }

  private static func order(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
    if a.path.section != b.path.section { return a.path.section < b.path.section }
    if a.kind != b.kind { return rank(a.kind) < rank(b.kind) }
    return a.path.item < b.path.item
  }

  private static func rank(_ kind: ElementKind) -> Int {
    switch kind {
    case .header: 0
    case .cell: 1
    case .footer: 2
    }
  }

  /// The JSON document: `{"contentSize": {...}, "attributes": [...]}`; identity transforms
  /// are omitted.
  func json(extra: [(String, (inout JSONWriter) -> Void)] = []) -> String {
    var writer = JSONWriter()
    writer.object(
      [
        ("contentSize", { $0.size(contentSize) }),
        ("attributes", { $0.array(attributes) { $0.attributes($1) } }),
      ] + extra)
    return writer.text
  }
}

extension JSONWriter {
  mutating func size(_ size: Size) {
    object([("width", { $0.number(size.width) }), ("height", { $0.number(size.height) })])
  }

  mutating func point(_ point: Point) {
    object([("x", { $0.number(point.x) }), ("y", { $0.number(point.y) })])
  }

  mutating func rect(_ rect: Rect) {
    object([
      ("x", { $0.number(rect.minX) }), ("y", { $0.number(rect.minY) }),
      ("width", { $0.number(rect.width) }), ("height", { $0.number(rect.height) }),
    ])
  }

  mutating func attributes(_ element: LayoutAttributes) {
    var members: [(String, (inout JSONWriter) -> Void)] = [
      ("section", { $0.number(Double(element.path.section)) }),
      ("item", { $0.number(Double(element.path.item)) }),
      ("kind", { $0.string(element.kind.name.description) }),
      ("frame", { $0.rect(element.frame) }),
      ("zIndex", { $0.number(Double(element.zIndex)) }),
      ("alpha", { $0.number(element.alpha) }),
    ]
    if !element.transform.isIdentity {
      let t = element.transform
      members.append(
        (
          "transform",
          {
            $0.object([
              ("scale", { $0.number(t.scale) }), ("translateX", { $0.number(t.translateX) }),
              ("translateY", { $0.number(t.translateY) }),
              ("translateZ", { $0.number(t.translateZ) }),
              ("rotateX", { $0.number(t.rotateX) }), ("perspective", { $0.number(t.perspective) }),
            ])
          }
        ))
    }
    object(members)
  }
}
