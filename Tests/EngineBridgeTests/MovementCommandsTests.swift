import CollectionLayout
import EngineBridge
import Testing

/// The movement exports' logic, natively: a movement reflows the box the handle queries, and
/// nothing JS sends can crash it.
@Suite struct MovementCommandsTests {
  static func gridBox(_ count: Int) -> LayoutBox {
    var options = GridLayout.Options()
    options.columns = .count(3)
    let box = GridDescriptor.box(GridLayout(options: options))
    box.prepare(
      LayoutContext(
        viewport: Size(width: 320, height: 500), displayScale: 0,
        sections: [
          LayoutSection(items: (0..<count).map { LayoutItem(width: 1, height: Double($0 + 1)) })
        ]))
    return box
  }

  static func frame(_ box: LayoutBox, _ item: Int) -> Rect? {
    box.attributes(of: .cell, at: ItemPath(section: 0, item: item), offset: .zero)?.frame
  }

  @Test func theBoxAnswersWithTheReflowUntilTheDrop() {
    let box = Self.gridBox(9)
    let original = box.context
    #expect(MovementCommands.begin(box, section: 0, item: 0, hysteresis: 8))
    // Over item 4's slot (row 1, column 1): the item takes it, the queries show it there.
    #expect(MovementCommands.update(box, x: 160, y: 160) == 4)
    #expect(Self.frame(box, 4) == Rect(x: 110, y: 110, width: 100, height: 100))
    #expect(box.context.sections[0].items[4] == original.sections[0].items[0])
    #expect(MovementCommands.step(box, direction: 3) == 7)  // down
    #expect(MovementCommands.step(box, direction: 99) == 7)  // an unknown code does nothing
    #expect(MovementCommands.end(box, cancel: false) == 7)
    #expect(box.movement == nil)
    #expect(box.context.sections[0].items[7] == original.sections[0].items[0])
    #expect(MovementCommands.update(box, x: 10, y: 10) == -1)
    #expect(MovementCommands.end(box, cancel: false) == -1)
  }

  @Test func cancelRestoresAndOtherUpdatesEndTheMovement() {
    let box = Self.gridBox(9)
    let original = box.context
    #expect(MovementCommands.begin(box, section: 0, item: 2, hysteresis: 0))
    #expect(MovementCommands.step(box, direction: 0) == 1)
    #expect(MovementCommands.end(box, cancel: true) == 2)
    #expect(box.context == original)
    // A delete during a movement ends it where it is; later calls answer -1.
    #expect(MovementCommands.begin(box, section: 0, item: 8, hysteresis: 0))
    box.apply(.deleteItems(section: 0, range: 0..<8))
    #expect(box.movement == nil)
    #expect(MovementCommands.step(box, direction: 1) == -1)
  }

  @Test func hostileInputBeginsNothingAndNeverCrashes() {
    let box = Self.gridBox(3)
    #expect(!MovementCommands.begin(box, section: 1, item: 0, hysteresis: 0))
    #expect(!MovementCommands.begin(box, section: -1, item: 0, hysteresis: 0))
    #expect(!MovementCommands.begin(box, section: 0, item: 3, hysteresis: 0))
    #expect(!MovementCommands.begin(Self.gridBox(0), section: 0, item: 0, hysteresis: 0))
    #expect(MovementCommands.begin(box, section: 0, item: 1, hysteresis: .nan))
    for (x, y) in [(Double.nan, 0.0), (.infinity, -.infinity), (1e308, 1e308), (-1e300, 5)] {
      #expect((0..<3).contains(MovementCommands.update(box, x: x, y: y)))
    }
    for direction in [-1, 0, 1, 2, 3, 4, .max, .min] {
      #expect((0..<3).contains(MovementCommands.step(box, direction: direction)))
    }
    // Beginning again cancels the movement under way.
    #expect(MovementCommands.begin(box, section: 0, item: 0, hysteresis: 0))
    #expect(MovementCommands.end(box, cancel: true) == 0)
  }
}
