import CollectionLayout
import EngineBridge

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
