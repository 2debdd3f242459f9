import CollectionLayout
import Testing

@Suite struct ItemMovementTests {
  /// A 3-column grid of 100-point squares with spacing 10, no rounding: item i at column i % 3,
  /// row i / 3.
  static func grid(_ count: Int, direction: LayoutDirection = .leftToRight) -> GridLayout {
    var options = GridLayout.Options()
    options.columns = .count(3)
    var layout = GridLayout(options: options)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 320, height: 500), displayScale: 0, direction: direction,
        sections: [
          LayoutSection(items: Array(repeating: LayoutItem(width: 1, height: 1), count: count))
        ]))
    return layout
  }

  static func centre(_ layout: some Layout, _ item: Int) -> Point {
    let frame = layout.attributes(at: ItemPath(section: 0, item: item))!.frame
    return Point(x: frame.midX, y: frame.midY)
  }

  @Test func draggingOverAnItemTakesItsSlot() {
    // Given item 0 picked up in a grid of 9,
    let layout = Self.grid(9)
    var movement = ItemMovement(layout, item: ItemPath(section: 0, item: 0))
    // when the pointer reaches the centre of item 4 (row 1, column 1),
    let target = movement.update(pointer: Self.centre(layout, 4))
    // then the item lands in that slot and items 1–4 each move back one slot.
    #expect(target == ItemPath(section: 0, item: 4))
    #expect(movement.placeholderFrame == Rect(x: 110, y: 110, width: 100, height: 100))
    #expect(movement.layout.attributes(at: ItemPath(section: 0, item: 0))?.frame.minX == 0)
    let (move, reflowed) = movement.end()
    #expect(
      move == ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 4)))
    #expect(reflowed.attributes(at: ItemPath(section: 0, item: 4))?.frame.minX == 110)
  }

  @Test func overTheGapOrItsOwnPlaceholderTheTargetStays() {
    let layout = Self.grid(9)
    var movement = ItemMovement(layout, item: ItemPath(section: 0, item: 4), hysteresis: 0)
    #expect(movement.update(pointer: Point(x: 105, y: 150)).item == 4)  // the column gap
    #expect(movement.update(pointer: Self.centre(layout, 4)).item == 4)
    #expect(movement.update(pointer: Point(x: 150, y: 10_000)).item == 4)  // below the content
  }

  @Test func hysteresisHoldsTheTargetUntilThePointerTravels() {
    let layout = Self.grid(9)
    var movement = ItemMovement(layout, item: ItemPath(section: 0, item: 0), hysteresis: 30)
    #expect(movement.update(pointer: Point(x: 200, y: 50)).item == 1)
    // 20 points on, over item 2: too close to where the target last changed.
    #expect(movement.update(pointer: Point(x: 220, y: 50)).item == 1)
    #expect(movement.update(pointer: Point(x: 240, y: 50)).item == 2)
  }

  @Test func arrowsMoveByIndexAndByRow() {
    var movement = ItemMovement(Self.grid(9), item: ItemPath(section: 0, item: 4))
    #expect(movement.step(.down).item == 7)
    #expect(movement.step(.down).item == 7)  // the bottom row
    #expect(movement.step(.up).item == 4)
    #expect(movement.step(.up).item == 1)
    #expect(movement.step(.up).item == 1)
    #expect(movement.step(.left).item == 0)
    #expect(movement.step(.left).item == 0)
    #expect(movement.step(.right).item == 1)
    var rtl = ItemMovement(
      Self.grid(9, direction: .rightToLeft), item: ItemPath(section: 0, item: 4))
    #expect(rtl.step(.left).item == 5)
    #expect(rtl.step(.right).item == 4)
  }

  @Test func cancelRestoresTheLayout() {
    let layout = Self.grid(20)
    var movement = ItemMovement(layout, item: ItemPath(section: 0, item: 2))
    movement.move(to: 17)
    movement.step(.up)
    let restored = movement.cancel()
    #expect(restored.context == layout.context)
    #expect(
      restored.attributes(in: Rect(x: 0, y: 0, width: 320, height: 3000))
        .sorted { $0.path < $1.path }
        == layout.attributes(in: Rect(x: 0, y: 0, width: 320, height: 3000)).sorted {
          $0.path < $1.path
        })
  }

  @Test func hostilePointersKeepAValidTarget() {
    var options = WaterfallLayout.Options()
    options.columnCount = 2
    var layout = WaterfallLayout(options: options)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: .nan, height: -1), displayScale: .infinity,
        sections: [
          LayoutSection(items: [
            LayoutItem(width: .nan, height: 0), LayoutItem(width: 1, height: 2),
          ])
        ]))
    var movement = ItemMovement(layout, item: ItemPath(section: 0, item: 1), hysteresis: .infinity)
    for pointer in [
      Point(x: .nan, y: .nan), Point(x: .infinity, y: 0), Point(x: 0, y: -.infinity),
      Point(x: 1e308, y: 1e308), Point(x: -1e308, y: -1e308), Point(x: 0, y: 0),
    ] {
      let target = movement.update(pointer: pointer)
      #expect(target.section == 0 && (0..<2).contains(target.item))
    }
    for direction in MovementDirection.allCases {
      #expect((0..<2).contains(movement.step(direction).item))
    }
    #expect(movement.move(to: .max).item == 1)
    #expect(movement.move(to: .min).item == 0)
  }
}
