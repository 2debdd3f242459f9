import CollectionLayout
import Testing

/// The wasm bridge lets JS write items straight into `[LayoutItem]` storage
/// (Sources/WasmBridge/StagedItems.swift, Web/toolkit/engine.js): these are the byte offsets
/// JS writes to. A new stored property, or a reordering, must change both sides.
@Suite struct LayoutItemLayoutTests {
  @Test func itemsAreWidthHeightAndAFlagByteIn24Bytes() {
    #expect(MemoryLayout<LayoutItem>.offset(of: \.width) == 0)
    #expect(MemoryLayout<LayoutItem>.offset(of: \.height) == 8)
    #expect(MemoryLayout<LayoutItem>.offset(of: \.isFullSpan) == 16)
    #expect(MemoryLayout<LayoutItem>.stride == 24)
    let item = LayoutItem(width: 3, height: 4, isFullSpan: true)
    withUnsafeBytes(of: item) { bytes in
      #expect(bytes.load(fromByteOffset: 8, as: Double.self) == 4)
      #expect(bytes[16] == 1)
    }
  }
}
