/// Places a section's items as repeating groups of the resolved pattern; every position is
/// computed from the item's index alone, so resuming from any item needs no stored state.
final class MosaicPlacer: VerticalPlacer {
  let options: MosaicLayout.Options
  let style: SectionStyle
  let pattern: MosaicPattern

  init(options: MosaicLayout.Options) {
    self.options = options
    style = options.style
    pattern = MosaicPattern(spans: options.pattern, columnCount: options.columnCount)
  }

  func placeItems(
    section: Int, from start: Int, sectionStart: Int, itemsTop: Double,
    context: LayoutContext, frames: inout FrameStore
  ) -> Double {
    let count = context.sections[section].items.count
    guard count > 0 else { return itemsTop }
    let band = style.sectionInset.horizontalBand(in: context.contentWidth)
    let geometry = ColumnGeometry(count: pattern.columnCount, band: band, spacing: options.spacing)
    let groupSize = pattern.slots.count
    frames.append(count: count - start) { writer in
      for index in start..<count {
        let frame = self.frame(index, groupSize: groupSize, top: itemsTop, geometry: geometry)
        writer.write(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
      }
    }
    var bottom = itemsTop
    let lastGroup = (count - 1) / groupSize
    for index in (lastGroup * groupSize)..<count {
      let frame = self.frame(
        index, groupSize: groupSize, top: itemsTop, geometry: geometry)
      bottom = max(bottom, frame.maxY)
    }
    return bottom
  }

  @inline(__always)
  private func frame(
    _ index: Int, groupSize: Int, top: Double, geometry: ColumnGeometry
  ) -> Rect {
    let pitch = geometry.columnWidth + geometry.spacing
    let group = index / groupSize
    let mirrored = options.alternatesSides && group & 1 == 1
    let slot = (mirrored ? pattern.mirroredSlots : pattern.slots)[index - group * groupSize]
    let row = group * pattern.rowCount + slot.row
    return Rect(
      x: geometry.x(slot.column), y: top + Double(row) * pitch,
      width: geometry.width(spanning: slot.columns), height: geometry.width(spanning: slot.rows))
  }
}
