/// Places a section's items in rows of equal cells:
/// width = (available − (c − 1) · interitem spacing) / c, height = width · aspectRatio + extra.
final class GridPlacer: VerticalPlacer {
  let options: GridLayout.Options
  let style: SectionStyle

  init(options: GridLayout.Options) {
    self.options = options
    style = options.style
  }

  func placeItems(
    section: Int, from start: Int, sectionStart: Int, itemsTop: Double,
    context: LayoutContext, frames: inout FrameStore
  ) -> Double {
    let count = context.sections[section].items.count
    guard count > 0 else { return itemsTop }
    let band = style.sectionInset.horizontalBand(in: context.contentWidth)
    let columns = options.columnCount(forWidth: band.width)
    let geometry = ColumnGeometry(
      count: columns, band: band, spacing: options.minimumInteritemSpacing)
    let lineSpacing = options.minimumLineSpacing.sanitizedLength
    let width = geometry.columnWidth
    let height = width * options.aspectRatio.sanitizedLength + options.extraHeight.sanitizedLength
    frames.append(count: count - start) { writer in
      for index in start..<count {
        let row = index / columns
        let column = index - row * columns
        writer.write(
          x: geometry.x(column), y: itemsTop + Double(row) * (height + lineSpacing), width: width,
          height: height)
      }
    }
    let rows = (count + columns - 1) / columns
    return itemsTop + Double(rows - 1) * (height + lineSpacing) + height
  }
}
