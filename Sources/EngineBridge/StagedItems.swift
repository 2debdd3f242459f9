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
package enum StagedItems {
  /// The most items one call stages (16,777,216: 384 MiB).
  package static let capacity = 1 << 24

  nonisolated(unsafe) package static var items: [LayoutItem] = []

  /// `count` staged items from `start` on: the staged array itself when that is all of it,
  /// else a copy of the run.
  package static func take(from start: Int, count: Int) -> [LayoutItem] {
    if start == 0 && count == items.count { return items }
    return makeArray(count) { items[start + $0] }
  }
}
