import CollectionLayout

/// Item sizes that JS writes straight into the engine's own item storage: `lots_items(n)` makes
/// an array of n items, JS fills it through typed-array views, and `lots_layout_prepare` or
/// `lots_layout_insert_items` gives that array to the layout as it is. Reading (width, height,
/// flags) triples from the input buffer into a new array instead was a fifth of the wasm time
/// of a 100,000-item prepare (2.70 → 2.15 ms in node without it, 2026-11-22).
///
/// JS writes item i at byte `i × lots_item_stride()`: width and height as Float64 at offsets 0
/// and 8, the full-span flag as one byte, 0 or 1, at offset 16 (the layout of `LayoutItem`).
/// The array stays staged, shared with the layouts that took it, until the next `lots_items`:
/// JS writes to it only between that call and the call that uses the items.
enum StagedItems {
  /// The most items one call stages (16,777,216: 384 MiB).
  static let capacity = 1 << 24

  nonisolated(unsafe) static var items: [LayoutItem] = []

  /// `count` staged items from `start` on: the staged array itself when that is all of it,
  /// else a copy of the run.
  static func take(from start: Int, count: Int) -> [LayoutItem] {
    if start == 0 && count == items.count { return items }
    return makeArray(count) { items[start + $0] }
  }
}

/// Stages `count` items, all zero (width 0, height 0, not full span), and returns the address
/// of the first in linear memory, or 0 (never an address, and then nothing is staged) for a
/// count below 0 or over `StagedItems.capacity`. JS reads the result as unsigned: above 2 GiB
/// it is negative as an i32.
@_expose(wasm, "lots_items")
@_cdecl("lots_items")
public func lotsItems(_ count: Int32) -> UnsafeMutableRawPointer? {
  guard count >= 0 && Int(count) <= StagedItems.capacity else {
    StagedItems.items = []  // nothing stays staged from before a refused call
    return nil
  }
  StagedItems.items = makeArray(Int(count)) { _ in LayoutItem(width: 0, height: 0) }
  return StagedItems.items.withUnsafeMutableBufferPointer {
    UnsafeMutableRawPointer($0.baseAddress)
  }
}

/// The bytes between two staged items (`MemoryLayout<LayoutItem>.stride`): JS checks it.
@_expose(wasm, "lots_item_stride")
@_cdecl("lots_item_stride")
public func lotsItemStride() -> Int32 {
  Int32(MemoryLayout<LayoutItem>.stride)
}
