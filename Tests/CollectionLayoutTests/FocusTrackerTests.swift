import CollectionLayout
import Testing

@Suite struct FocusTrackerTests {
  @Test func reportsOnlyRealChangesWillBeforeDid() {
    var log: [String] = []
    var tracker = FocusTracker(
      willChange: { log.append("will \($0.previous?.item ?? -1)→\($0.current?.item ?? -1)") },
      didChange: { log.append("did \($0.current?.item ?? -1)") })
    let one = ItemPath(section: 0, item: 1)
    #expect(tracker.update(focusedItem: one) == FocusChange(previous: nil, current: one))
    #expect(tracker.update(focusedItem: one) == nil)
    tracker.update(focusedItem: ItemPath(section: 0, item: 2))
    tracker.update(focusedItem: nil)
    #expect(log == ["will -1→1", "did 1", "will 1→2", "did 2", "will 2→-1", "did -1"])
    #expect(tracker.focusedItem == nil)
  }

  @Test func scrollingAcrossTheRowChangesOncePerItem() {
    var layout = SnapToCenterLayout()
    layout.prepare(scrollContext(width: 390, height: 200, count: 21))
    var changes: [FocusChange] = []
    var tracker = FocusTracker(
      focusedItem: ItemPath(section: 0, item: 0), didChange: { changes.append($0) })
    var x = 0.0
    while x <= layout.contentSize.width - 390 {
      tracker.update(layout, offset: Point(x: x, y: 0))
      x += 7
    }
    #expect(changes.count == 20)
    #expect(changes.map { $0.current?.item ?? -1 } == Array(1...20))
  }
}
