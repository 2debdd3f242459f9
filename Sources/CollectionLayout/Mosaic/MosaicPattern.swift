/// One group of the mosaic, resolved: where each span of the pattern sits in the group's
/// block (column and row of its top-left cell), and how many rows the block has.
struct MosaicPattern: Hashable, Sendable {
  struct Slot: Hashable, Sendable {
    var column: Int
    var row: Int
    var columns: Int
    var rows: Int
  }

  let columnCount: Int
  let slots: [Slot]
  /// The block mirrored left to right (for alternating groups), with the spans of each shape
  /// re-ordered so that they still fill their slots left to right, top to bottom.
  let mirroredSlots: [Slot]
  let rowCount: Int

  /// Places the spans first-fit: each takes the first position, scanning rows top to bottom
  /// and columns left to right, where it fits without overlapping earlier ones.
  ///
  /// - Complexity: O(s² · c) for s spans and c columns, once per prepare.
  init(spans: [MosaicLayout.Span], columnCount: Int) {
    let columns = min(max(columnCount, 1), MosaicLayout.maximumColumnCount)
    let spans = spans.isEmpty ? MosaicLayout.inspirePattern : spans
    var occupied: [[Bool]] = []
    var slots: [Slot] = []
    for span in spans {
      let width = min(max(span.columns, 1), columns)
      let height = min(max(span.rows, 1), MosaicLayout.maximumRowSpan)
      var row = 0
      search: while true {
        for column in 0...(columns - width)
        where Self.isFree(occupied, column: column, row: row, width: width, height: height) {
          slots.append(Slot(column: column, row: row, columns: width, rows: height))
          while occupied.count < row + height {
            occupied.append([Bool](repeating: false, count: columns))
          }
          for r in row..<(row + height) {
            for c in column..<(column + width) { occupied[r][c] = true }
          }
          break search
        }
        row += 1
      }
    }
    self.columnCount = columns
    self.slots = slots
    self.mirroredSlots = Self.mirror(slots, columns: columns)
    self.rowCount = occupied.count
  }

  private static func mirror(_ slots: [Slot], columns: Int) -> [Slot] {
    var mirrored = slots.map {
      Slot(
        column: columns - $0.column - $0.columns, row: $0.row, columns: $0.columns, rows: $0.rows)
    }
    var shapes: [Slot] = []
    for slot in slots
    where !shapes.contains(where: { $0.columns == slot.columns && $0.rows == slot.rows }) {
      shapes.append(slot)
    }
    for shape in shapes {
      let members = mirrored.indices.filter {
        mirrored[$0].columns == shape.columns && mirrored[$0].rows == shape.rows
      }
      var positions = members.map { mirrored[$0] }
      // An insertion sort: patterns are a handful of spans, and it keeps the module small.
      for index in positions.indices {
        var current = index
        while current > 0
          && (positions[current].row, positions[current].column)
            < (positions[current - 1].row, positions[current - 1].column)
        {
          positions.swapAt(current, current - 1)
          current -= 1
        }
      }
      for (index, position) in zip(members, positions) { mirrored[index] = position }
    }
    return mirrored
  }

  private static func isFree(
    _ occupied: [[Bool]], column: Int, row: Int, width: Int, height: Int
  ) -> Bool {
    for r in row..<(row + height) where r < occupied.count {
      for c in column..<(column + width) where occupied[r][c] { return false }
    }
    return true
  }
}
