import CollectionLayout

/// The baseline the layout benchmarks compare against: CHTCollectionViewWaterfallLayout's
/// approach, one reference object per item and a linear scan over union rects of 20 items.
final class NaiveAttributes {
  var section: Int
  var item: Int
  var frame: Rect
  var zIndex = 0
  var alpha = 1.0

  init(section: Int, item: Int, frame: Rect) {
    self.section = section
    self.item = item
    self.frame = frame
  }

  /// Bytes per object: a 16-byte object header, the stored fields, and the array's reference.
  static let bytesPerItem = 16 + 8 + 8 + 32 + 8 + 8 + 8
}

struct CHTBaseline {
  static let unionSize = 20

  var attributes: [NaiveAttributes] = []
  var unionRects: [Rect] = []

  mutating func prepare(_ items: [LayoutItem], columns: Int, width: Double, spacing: Double) {
    attributes = []
    unionRects = []
    let columnWidth = (width - Double(columns - 1) * spacing) / Double(columns)
    var heights = [Double](repeating: 0, count: columns)
    for (index, item) in items.enumerated() {
      var column = 0
      for candidate in 1..<columns where heights[candidate] < heights[column] {
        column = candidate
      }
      let height = columnWidth * item.height / item.width
      let frame = Rect(
        x: Double(column) * (columnWidth + spacing), y: heights[column], width: columnWidth,
        height: height)
      attributes.append(NaiveAttributes(section: 0, item: index, frame: frame))
      heights[column] = frame.maxY + spacing
    }
    var index = 0
    while index < attributes.count {
      var union = attributes[index].frame
      for other in attributes[index..<min(index + Self.unionSize, attributes.count)] {
        let minX = min(union.minX, other.frame.minX)
        let minY = min(union.minY, other.frame.minY)
        union = Rect(
          x: minX, y: minY, width: max(union.maxX, other.frame.maxX) - minX,
          height: max(union.maxY, other.frame.maxY) - minY)
      }
      unionRects.append(union)
      index += Self.unionSize
    }
  }

  func attributes(in rect: Rect) -> [NaiveAttributes] {
    var begin = 0
    var end = unionRects.count
    for (index, union) in unionRects.enumerated() where union.intersects(rect) {
      begin = index * Self.unionSize
      break
    }
    for (index, union) in unionRects.enumerated().reversed() where union.intersects(rect) {
      end = min((index + 1) * Self.unionSize, attributes.count)
      break
    }
    return attributes[begin..<end].filter { $0.frame.intersects(rect) }
  }
}
