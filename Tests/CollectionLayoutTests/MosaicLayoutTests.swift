import CollectionLayout
import Testing

@Suite struct MosaicLayoutTests {
  static func frames(_ layout: MosaicLayout, count: Int) -> [Rect] {
    (0..<count).map { layout.attributes(at: ItemPath(section: 0, item: $0))!.frame }
  }

  static func prepared(_ options: MosaicLayout.Options, width: Double, count: Int) -> MosaicLayout
  {
    var layout = MosaicLayout(options: options)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: width, height: 800), displayScale: 0,
        sections: [
          LayoutSection(
            items: [LayoutItem](repeating: LayoutItem(width: 4, height: 3), count: count))
        ]))
    return layout
  }

  @Test func inspireGroupOfSix() {
    // Given 320 points: side = (320 − 2 · 10) / 3 = 100, the big cell 2 · 100 + 10 = 210.
    let layout = Self.prepared(MosaicLayout.Options(), width: 320, count: 12)
    let frames = Self.frames(layout, count: 12)
    #expect(
      Array(frames[0..<6]) == [
        Rect(x: 0, y: 0, width: 210, height: 210),
        Rect(x: 220, y: 0, width: 100, height: 100),
        Rect(x: 220, y: 110, width: 100, height: 100),
        Rect(x: 0, y: 220, width: 100, height: 100),
        Rect(x: 110, y: 220, width: 100, height: 100),
        Rect(x: 220, y: 220, width: 100, height: 100),
      ])
    // The group repeats 330 points lower.
    for index in 6..<12 { #expect(frames[index] == frames[index - 6].offsetBy(dx: 0, dy: 330)) }
    #expect(layout.contentSize == Size(width: 320, height: 650))
  }

  @Test func bigCellAlternatesSides() {
    var options = MosaicLayout.Options()
    options.alternatesSides = true
    let frames = Self.frames(Self.prepared(options, width: 320, count: 12), count: 12)
    #expect(frames[6] == Rect(x: 110, y: 330, width: 210, height: 210))
    #expect(frames[7] == Rect(x: 0, y: 330, width: 100, height: 100))
    #expect(frames[8] == Rect(x: 0, y: 440, width: 100, height: 100))
    #expect(frames[11] == Rect(x: 220, y: 550, width: 100, height: 100))
  }

  @Test func customPatternIsPlacedFirstFit() {
    var options = MosaicLayout.Options()
    options.columnCount = 4
    options.spacing = 0
    options.pattern = [
      .init(columns: 1, rows: 1), .init(columns: 3, rows: 2), .init(columns: 1, rows: 1),
    ]
    let frames = Self.frames(Self.prepared(options, width: 400, count: 4), count: 4)
    #expect(
      frames == [
        Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 300, height: 200),
        Rect(x: 0, y: 100, width: 100, height: 100), Rect(x: 0, y: 200, width: 100, height: 100),
      ])
  }

  @Test func partialLastGroupEndsTheContent() {
    let layout = Self.prepared(MosaicLayout.Options(), width: 320, count: 2)
    #expect(layout.contentSize.height == 210)
  }
}
