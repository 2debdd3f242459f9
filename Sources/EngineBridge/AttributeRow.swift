import CollectionLayout

/// One element's attributes as a row of numbers in the output buffer, the format every query
/// of the wasm module writes and `Web/toolkit/abi.js` names (`ROW.x`, `ROW.stride`).
package enum AttributeRow {
  /// The names of a row's values, in order: their offsets in the row.
  package static let fields: [StaticString] = [
    "section", "item", "kind", "x", "y", "width", "height", "zIndex", "alpha", "scale",
    "translateX", "translateY", "translateZ", "rotateX", "perspective",
  ]
  /// Values per row.
  package static let stride = 15
  /// The codes of the `kind` value, in order: cell 0, header 1, footer 2.
  package static let kinds: [ElementKind] = [.cell, .header, .footer]

  /// The code of an element kind.
  package static func code(_ kind: ElementKind) -> Double {
    kind == .cell ? 0 : kind == .header ? 1 : 2
  }

  /// The element kind of a code (anything unknown is a cell).
  package static func kind(_ code: Int32) -> ElementKind {
    code == 1 ? .header : code == 2 ? .footer : .cell
  }

  /// Writes one element's row into the output buffer from value `base` on (room for it must
  /// have been reserved).
  package static func write(_ element: LayoutAttributes, at base: Int) {
    let out = Buffers.output + base
    out[0] = Double(element.path.section)
    out[1] = Double(element.path.item)
    out[2] = code(element.kind)
    out[3] = element.frame.minX
    out[4] = element.frame.minY
    out[5] = element.frame.width
    out[6] = element.frame.height
    out[7] = Double(element.zIndex)
    out[8] = element.alpha
    out[9] = element.transform.scale
    out[10] = element.transform.translateX
    out[11] = element.transform.translateY
    out[12] = element.transform.translateZ
    out[13] = element.transform.rotateX
    out[14] = element.transform.perspective
  }
}
