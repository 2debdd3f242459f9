import CollectionLayout
import Foundation

/// Draws `lots layout` output as SVG: cells as rounded rectangles labelled with their index,
/// headers and footers as bands, the viewport at the spec's offset outlined in red.
struct LayoutPicture {
  let output: LayoutOutput
  let spec: LayoutSpec

  private static let palette = [
    "#f4a261", "#e76f51", "#2a9d8f", "#e9c46a", "#8ab17d", "#f28482", "#84a59d", "#b5838d",
  ]

  func svg() -> String {
    let viewport = Rect(origin: spec.offset, size: spec.context.viewport)
    var bounds = Rect(origin: .zero, size: output.contentSize)
    for element in output.attributes { bounds = union(bounds, element.frame) }
    bounds = union(bounds, viewport).insetBy(dx: -8, dy: -8)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(n(bounds.minX)) \(n(bounds.minY)) \
      \(n(bounds.width)) \(n(bounds.height))" width="\(n(bounds.width))" \
      height="\(n(bounds.height))" font-family="sans-serif">
      <rect x="\(n(bounds.minX))" y="\(n(bounds.minY))" width="\(n(bounds.width))" \
      height="\(n(bounds.height))" fill="#fffaf3"/>

      """
    for element in output.attributes.sorted(by: { $0.zIndex < $1.zIndex }) {
      svg += shape(element)
    }
    svg += """
      <rect x="\(n(viewport.minX))" y="\(n(viewport.minY))" width="\(n(viewport.width))" \
      height="\(n(viewport.height))" fill="none" stroke="#d62828" stroke-width="2" \
      stroke-dasharray="6 4"/>
      </svg>

      """
    return svg
  }

  private func shape(_ element: LayoutAttributes) -> String {
    let frame = element.frame
    let color: String
    let label: String
    switch element.kind {
    case .cell:
      color = Self.palette[element.path.item % Self.palette.count]
      label = "\(element.path.item)"
    case .header:
      color = "#264653"
      label = "header \(element.path.section)"
    case .footer:
      color = "#6d597a"
      label = "footer \(element.path.section)"
    }
    let t = element.transform
    let scaleY = t.scale * cos(t.rotateX)
    let transform =
      t.isIdentity
      ? ""
      : " transform=\"translate(\(n(frame.midX + t.translateX)) \(n(frame.midY + t.translateY))) "
        + "scale(\(n(t.scale)) \(n(scaleY))) translate(\(n(-frame.midX)) \(n(-frame.midY)))\""
    let fontSize = max(6, min(14, min(frame.width, frame.height) / 3))
    return """
      <g\(transform) opacity="\(n(element.alpha))"><rect x="\(n(frame.minX))" \
      y="\(n(frame.minY))" width="\(n(frame.width))" height="\(n(frame.height))" rx="4" \
      fill="\(color)" stroke="#ffffff" stroke-width="1"/><text x="\(n(frame.midX))" \
      y="\(n(frame.midY))" font-size="\(n(fontSize))" fill="#ffffff" text-anchor="middle" \
      dominant-baseline="central">\(label)</text></g>

      """
  }

  private func union(_ a: Rect, _ b: Rect) -> Rect {
    let minX = min(a.minX, b.minX)
    let minY = min(a.minY, b.minY)
    return Rect(
      x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
  }

  private func n(_ value: Double) -> String {
    var writer = JSONWriter()
    writer.number((value * 100).rounded() / 100)
    return writer.text
  }
}
