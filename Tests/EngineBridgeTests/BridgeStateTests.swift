import CollectionLayout
import EngineBridge
import Testing

extension SharedBridgeState {
  /// The bridge's shared state (staged items, the output buffer, the layout table), as the wasm
  /// exports use it. Serialized: there is one of each per process, as in the module.
  @Suite struct BridgeStateTests {
    /// Prepares `box` from `values` with `items` staged, as `lots_layout_prepare` does.
    static func prepare(_ box: LayoutBox, _ values: [Double], items: [LayoutItem]) -> Bool {
      StagedItems.items = items
      return values.withUnsafeBufferPointer { buffer in
        var input = InputReader(buffer.baseAddress!, count: buffer.count)
        return StagedContext.prepare(box, from: &input)
      }
    }

    static let items = (0..<5).map { LayoutItem(width: 100, height: Double(50 + $0 * 10)) }

    @Test func aContextSplitsTheStagedItemsIntoItsSections() {
      let box = WaterfallDescriptor.box(WaterfallLayout())
      // viewport 400×800, insets 0, scale 2, left to right, two sections: 2 items with a
      // 30-point header, 3 items with the defaults (NaN).
      let values: [Double] = [400, 800, 0, 0, 0, 0, 2, 0, 2, 2, 30, .nan, 3, .nan, .nan]
      #expect(Self.prepare(box, values, items: Self.items))
      let sections = box.context.sections
      #expect(sections.map(\.items.count) == [2, 3])
      #expect(sections[0].headerHeight == 30 && sections[1].headerHeight == nil)
      #expect(sections[1].items == Array(Self.items[2...]))
      #expect(box.context.viewport == Size(width: 400, height: 800))
      #expect(box.context.displayScale == 2)
    }

    @Test func countsThatDoNotAddUpAreRefusedAndLeaveTheLayoutAlone() {
      let box = WaterfallDescriptor.box(WaterfallLayout())
      let header: [Double] = [400, 800, 0, 0, 0, 0, 2, 0]
      #expect(Self.prepare(box, header + [1, 6, .nan, .nan], items: Self.items) == false)
      #expect(Self.prepare(box, header + [1, 4, .nan, .nan], items: Self.items) == false)
      // A section count far beyond the values given, and a negative one.
      #expect(Self.prepare(box, header + [1e9, 5, 0, 0], items: Self.items) == false)
      #expect(Self.prepare(box, header + [-1], items: Self.items) == false)
      #expect(box.context.sections.isEmpty)
    }

    @Test func aRowIsWrittenInTheOrderItsFieldsAreNamed() {
      let element = LayoutAttributes(
        kind: .header, path: ItemPath(section: 3, item: 7),
        frame: Rect(x: 1, y: 2, width: 30, height: 40), zIndex: 5, alpha: 0.5,
        transform: LayoutTransform(
          scale: 0.75, translateX: 6, translateY: 7, translateZ: 8, rotateX: 9, perspective: 10))
      Buffers.reserveOutput(2 * AttributeRow.stride)
      AttributeRow.write(element, at: AttributeRow.stride)
      let row = (0..<AttributeRow.stride).map { Buffers.output[AttributeRow.stride + $0] }
      let named = Dictionary(
        uniqueKeysWithValues: zip(AttributeRow.fields.map(\.description), row))
      #expect(AttributeRow.fields.count == AttributeRow.stride)
      #expect(named["section"] == 3 && named["item"] == 7 && named["kind"] == 1)
      #expect(named["x"] == 1 && named["y"] == 2 && named["width"] == 30 && named["height"] == 40)
      #expect(named["zIndex"] == 5 && named["alpha"] == 0.5 && named["scale"] == 0.75)
      #expect(named["translateX"] == 6 && named["translateY"] == 7 && named["translateZ"] == 8)
      #expect(named["rotateX"] == 9 && named["perspective"] == 10)
      for (code, kind) in AttributeRow.kinds.enumerated() {
        #expect(AttributeRow.code(kind) == Double(code))
        #expect(AttributeRow.kind(Int32(code)) == kind)
      }
    }

    @Test func theTableHandsOutHandlesUpToItsCapacityAndReusesFreedOnes() {
      var handles: [Int32] = []
      while true {
        let handle = LayoutTable.add(StackDescriptor.box(StackLayout()))
        if handle == 0 { break }
        handles.append(handle)
      }
      #expect(handles.count <= LayoutTable.capacity && !handles.isEmpty)
      #expect(Set(handles).count == handles.count && !handles.contains(0))
      LayoutTable.remove(handles[0])
      #expect(LayoutTable.box(handles[0]) == nil)
      #expect(LayoutTable.add(StackDescriptor.box(StackLayout())) == handles[0])
      for handle in [0, -1, Int32(LayoutTable.capacity + 1), .max] {
        #expect(LayoutTable.box(handle) == nil)
        LayoutTable.remove(handle)
      }
      for handle in handles { LayoutTable.remove(handle) }
    }
  }
}

@Suite struct OptionChoiceTests {
  @Test func positionalCodesAreTheIndicesOfTheChoices() {
    let directions = WaterfallLayout.ItemRenderDirection.choices
    for (code, choice) in directions.enumerated() {
      #expect(WaterfallLayout.ItemRenderDirection(code: code) == choice)
    }
    for (code, choice) in ScrollAxis.choices.enumerated() {
      #expect(ScrollAxis(code: code) == choice)
    }
    #expect(ScrollAxis(code: 99) == ScrollAxis.choices[0])
  }
}
