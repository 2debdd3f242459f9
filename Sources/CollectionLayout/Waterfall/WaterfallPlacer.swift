/// Places a section's items into columns: each item's height follows its photo's aspect ratio
/// at the column width, plus `extraHeight`; a full-span item goes below the longest column and
/// spans all of them.
final class WaterfallPlacer: VerticalPlacer {
  static let fullSpanTag = UInt16.max

  let options: WaterfallLayout.Options
  let style: SectionStyle

  init(options: WaterfallLayout.Options) {
    self.options = options
    style = options.style
  }

  func placeItems(
    section: Int, from start: Int, sectionStart: Int, itemsTop: Double,
    context: LayoutContext, frames: inout FrameStore
  ) -> Double {
    let items = context.sections[section].items
    let columns = options.columnCount(forSection: section)
    let interitem = options.minimumInteritemSpacing.sanitizedLength
    let extra = options.extraHeight.sanitizedLength
    let band = style.sectionInset.horizontalBand(in: context.contentWidth)
    let geometry = ColumnGeometry(
      count: columns, band: band, spacing: options.minimumColumnSpacing)
    var heights = resumedHeights(
      columns: columns, before: sectionStart + start, sectionStart: sectionStart,
      itemsTop: itemsTop, interitem: interitem, frames: frames)
    let renderDirection = options.itemRenderDirection
    items.withUnsafeBufferPointer { items in
      heights.withUnsafeMutableBufferPointer { heights in
        frames.append(count: items.count - start) { writer in
          for index in start..<items.count {
            let item = items[index]
            if item.isFullSpan {
              var top = heights[0]
              for height in heights where height > top { top = height }
              let height = band.width * item.aspectRatio + extra
              writer.write(
                x: band.left, y: top, width: band.width, height: height, tag: Self.fullSpanTag)
              let next = top + height + interitem
              for column in 0..<columns { heights[column] = next }
              continue
            }
            let column = Self.column(
              for: index, columns: columns, heights: heights, direction: renderDirection)
            let top = heights[column]
            let height = geometry.columnWidth * item.aspectRatio + extra
            writer.write(
              x: geometry.x(column), y: top, width: geometry.columnWidth, height: height,
              tag: UInt16(truncatingIfNeeded: column))
            heights[column] = top + height + interitem
          }
        }
      }
    }
    guard !items.isEmpty else { return itemsTop }
    var bottom = heights[0]
    for height in heights where height > bottom { bottom = height }
    return bottom - interitem
  }

  @inline(__always)
  private static func column(
    for index: Int, columns: Int, heights: UnsafeMutableBufferPointer<Double>,
    direction: WaterfallLayout.ItemRenderDirection
  ) -> Int {
    switch direction {
    case .leftToRight: return index % columns
    case .rightToLeft: return columns - 1 - index % columns
    case .shortestFirst:
      var best = 0
      var lowest = heights[0]
      for column in 1..<columns where heights[column] < lowest {
        best = column
        lowest = heights[column]
      }
      return best
    }
  }

  /// The column heights just before item `end` (a flat index), rebuilt from stored frames by
  /// walking back until every column's last item, a full-span item or the section start is met.
  ///
  /// - Complexity: O(columns) items back for typical photo feeds; at worst O(section size).
  private func resumedHeights(
    columns: Int, before end: Int, sectionStart: Int, itemsTop: Double, interitem: Double,
    frames: FrameStore
  ) -> [Double] {
    var heights = [Double](repeating: itemsTop, count: columns)
    guard end > sectionStart else { return heights }
    var seen = [Bool](repeating: false, count: columns)
    var known = 0
    var index = end - 1
    while index >= sectionStart && known < columns {
      let tag = frames.tag(index)
      let next = frames.maxY(index) + interitem
      if tag == Self.fullSpanTag {
        for column in 0..<columns where !seen[column] { heights[column] = next }
        break
      }
      let column = Int(tag)
      if column < columns && !seen[column] {
        seen[column] = true
        heights[column] = next
        known += 1
      }
      index -= 1
    }
    return heights
  }
}
