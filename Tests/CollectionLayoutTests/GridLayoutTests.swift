import CollectionLayout
import Testing

@Suite struct GridLayoutTests {
  static func items(_ count: Int) -> [LayoutItem] {
    [LayoutItem](repeating: LayoutItem(width: 1, height: 1), count: count)
  }

  @Test func bountyListGeometry() throws {
    // Given the seed's Bounty list: 2 columns, spacings 10, height = width × 10/7 + 65,
    // in a 375-point-wide view with a 10-point section inset.
    var options = GridLayout.Options.bounty
    options.sectionInset = Insets(all: 10)
    var layout = GridLayout(options: options)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 375, height: 667), displayScale: 0,
        sections: [LayoutSection(items: Self.items(8))]))
    // Then each cell is (375 − 20 − 10) / 2 = 172.5 wide and 172.5 × 10/7 + 65 tall.
    let width = 172.5
    let height = 172.5 * 10 / 7 + 65
    for item in 0..<8 {
      let frame = try #require(layout.attributes(at: ItemPath(section: 0, item: item))).frame
      let expected = Rect(
        x: 10 + Double(item % 2) * (width + 10), y: 10 + Double(item / 2) * (height + 10),
        width: width, height: height)
      #expect(frame == expected, "item \(item)")
    }
    #expect(layout.contentSize == Size(width: 375, height: 10 + 4 * height + 3 * 10 + 10))
  }

  @Test func bountyListRoundsEdgesToPixels() throws {
    var options = GridLayout.Options.bounty
    options.sectionInset = Insets(all: 10)
    var layout = GridLayout(options: options)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 375, height: 667), displayScale: 3,
        sections: [LayoutSection(items: Self.items(2))]))
    let frame = try #require(layout.attributes(at: ItemPath(section: 0, item: 1))).frame
    // 192.5 · 3 = 577.5 rounds to even, 578; 321.428… · 3 = 964.28… rounds to 964.
    #expect(frame.minX == 578.0 / 3)
    #expect(abs(frame.maxY - 964.0 / 3) < 1e-12)
  }

  @Test func minimumItemWidthChoosesTheColumnCount() {
    var options = GridLayout.Options()
    options.columns = .minimumWidth(100)
    // c · 100 + (c − 1) · 10 ≤ width: 320 fits 3 columns, 319 only 2.
    #expect(options.columnCount(forWidth: 430) == 4)
    #expect(options.columnCount(forWidth: 320) == 3)
    #expect(options.columnCount(forWidth: 319) == 2)
    #expect(options.columnCount(forWidth: 0) == 1)
    options.columns = .minimumWidth(.nan)
    #expect(options.columnCount(forWidth: 100) == 11)
  }
}
