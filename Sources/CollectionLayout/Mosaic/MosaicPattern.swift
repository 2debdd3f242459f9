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
    var rows = 0
    for span in spans { rows += min(max(span.rows, 1), MosaicLayout.maximumRowSpan) }
    // Row-major cells of the block, `columns` per row. First fit never places a span below
    // the rows of all the spans before it, so their total bounds the block.
    var occupied = [Bool](repeating: false, count: rows * columns)
    var rowCount = 0
    // Slot arrays are written once, in place: an array of slots that grows or is mutated
    // brings its own copy of the array growth code into the wasm module.
    let slots = [Slot](unsafeUninitializedCapacity: spans.count) { buffer, initialized in
      for (index, span) in spans.enumerated() {
        let slot = Self.firstFit(
          columns: min(max(span.columns, 1), columns),
          rows: min(max(span.rows, 1), MosaicLayout.maximumRowSpan), in: occupied, width: columns)
        for row in slot.row..<(slot.row + slot.rows) {
          for column in slot.column..<(slot.column + slot.columns) {
            occupied[row * columns + column] = true
          }
        }
        rowCount = max(rowCount, slot.row + slot.rows)
        (buffer.baseAddress! + index).initialize(to: slot)
        initialized = index + 1
      }
    }
    self.columnCount = columns
    self.slots = slots
    self.mirroredSlots = Self.mirror(slots, columns: columns)
    self.rowCount = rowCount
  }

  /// The first free position of a `columns` × `rows` span, in reading order.
  private static func firstFit(columns: Int, rows: Int, in occupied: [Bool], width: Int) -> Slot {
    var slot = Slot(column: 0, row: 0, columns: columns, rows: rows)
    while true {
      var free = true
      for row in slot.row..<(slot.row + rows) where row * width < occupied.count {
        for column in slot.column..<(slot.column + columns)
        where occupied[row * width + column] {
          free = false
        }
      }
      if free { return slot }
      slot.column += 1
      if slot.column > width - columns {
        slot.column = 0
        slot.row += 1
      }
    }
  }

  /// Each slot mirrored left to right; then, shape by shape, the mirrored positions are handed
  /// out in reading order, so the spans of a shape still fill them left to right, top to
  /// bottom, in pattern order.
  private static func mirror(_ slots: [Slot], columns: Int) -> [Slot] {
    func position(_ index: Int) -> Slot {
      let slot = slots[index]
      return Slot(
        column: columns - slot.column - slot.columns, row: slot.row, columns: slot.columns,
        rows: slot.rows)
    }
    var taken = [Bool](repeating: false, count: slots.count)
    return [Slot](unsafeUninitializedCapacity: slots.count) { buffer, initialized in
      for (index, slot) in slots.enumerated() {
        var first = -1
        for candidate in slots.indices where !taken[candidate] {
          let place = position(candidate)
          if place.columns == slot.columns && place.rows == slot.rows
            && (first < 0
              || (place.row, place.column) < (position(first).row, position(first).column))
          {
            first = candidate
          }
        }
        taken[first] = true
        (buffer.baseAddress! + index).initialize(to: position(first))
        initialized = index + 1
      }
    }
  }
}
