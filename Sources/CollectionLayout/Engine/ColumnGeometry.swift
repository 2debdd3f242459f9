/// Equal columns across a horizontal band, shared by the waterfall, the mosaic and the grid:
/// column width = (band width − (c − 1) · spacing) / c.
///
/// A spacing too wide for the band shrinks to fit it, (c − 1) · spacing ≤ band width, so a
/// column is never pushed outside the content; the columns then have zero width.
struct ColumnGeometry: Sendable {
  let left: Double
  let spacing: Double
  let columnWidth: Double

  init(count: Int, band: (left: Double, width: Double), spacing: Double) {
    let gaps = Double(max(count - 1, 0))
    left = band.left
    self.spacing = gaps > 0 ? min(spacing.sanitizedLength, band.width / gaps) : 0
    columnWidth = ((band.width - gaps * self.spacing) / Double(max(count, 1))).sanitizedLength
  }

  /// The x of a column's left edge.
  @inline(__always)
  func x(_ column: Int) -> Double { left + Double(column) * (columnWidth + spacing) }

  /// The width of `columns` adjacent columns with the spacing between them.
  @inline(__always)
  func width(spanning columns: Int) -> Double {
    Double(columns) * columnWidth + Double(columns - 1) * spacing
  }
}
