import CollectionLayout
import Testing

@Suite struct StackLayoutTests {
  static let root5 = 5.0.squareRoot()

  static func layout(count: Int) -> StackLayout {
    var layout = StackLayout()
    layout.prepare(scrollContext(width: 390, height: 844, count: count))
    return layout
  }

  @Test func defaultsFollowTheIssue() {
    let options = StackLayout.Options()
    #expect(options.sectionInsetTop == 20 && options.sectionInsetBottom == 20)
    #expect(options.zOffset == -60 && options.itemSize == Size(width: 100, height: 100))
    #expect(StackLayout.perspective == -1.0 / 1000 && StackLayout.maximumTilt == -.pi / 2.5)
  }

  @Test func spacingSharesTheViewportAmongAtMostFiveItems() {
    // Δ = (844 − 40) / 5 = 160.8 for ten items; / 2 for two.
    let ten = Self.layout(count: 10)
    #expect(
      ten.attributes(at: ItemPath(section: 0, item: 3))?.frame
        == Rect(x: 145, y: 20 + 160.8 * 3, width: 100, height: 100))
    #expect(ten.contentSize == Size(width: 390, height: 20 + 160.8 * 9 + 100 + 20))
    let two = Self.layout(count: 2)
    #expect(two.attributes(at: ItemPath(section: 0, item: 1))?.frame.minY == Double(20 + 402))
    #expect(ten.attributes(at: ItemPath(section: 0, item: 3))?.zIndex == 3)
  }

  @Test func tiltAtTheTopIsTheInitialAngle() throws {
    // One item: θ0 = −π/10; scrolled so its top is at the viewport's top (t = 0).
    let layout = Self.layout(count: 1)
    let transform = try #require(
      layout.attributes(of: .cell, at: ItemPath(section: 0, item: 0), offset: Point(x: 0, y: 20))?
        .transform)
    let sine = -(Self.root5 - 1) / 4
    let cosine = (10 + 2 * Self.root5).squareRoot() / 4
    let r = 50 + 60 / abs(sine)
    #expect(transform.rotateX == -.pi / 10)
    #expect(transform.translateY.isClose(to: -r * (1 - cosine), 1e-9))
    #expect(transform.translateZ.isClose(to: r * sine, 1e-9))
    #expect(transform.perspective == -1.0 / 1000 && transform.scale == 1)
  }

  @Test func tiltAtTheBottomIsTheMaximum() throws {
    // Five or more items: θ0 = −π/10 − π/10 = −π/5; an item at the bottom edge: θmax.
    let layout = Self.layout(count: 5)
    let top = try #require(
      layout.attributes(of: .cell, at: ItemPath(section: 0, item: 0), offset: Point(x: 0, y: 20)))
    #expect(top.transform.rotateX.isClose(to: -.pi / 5, 1e-15))
    let item4 = try #require(
      layout.attributes(
        of: .cell, at: ItemPath(section: 0, item: 4), offset: Point(x: 0, y: 20 + 160.8 * 4 - 844))
    )
    let sine = -(10 + 2 * Self.root5).squareRoot() / 4
    let cosine = (Self.root5 - 1) / 4
    let r = 50 + 60 / abs(sine)
    #expect(item4.transform.rotateX.isClose(to: -.pi / 2.5, 1e-12))
    #expect(item4.transform.translateY.isClose(to: -r * (1 - cosine), 1e-9))
    #expect(item4.transform.translateZ.isClose(to: r * sine, 1e-9))
    // Halfway down: halfway between θ0 and θmax.
    let middle = try #require(
      layout.attributes(
        of: .cell, at: ItemPath(section: 0, item: 0), offset: Point(x: 0, y: 20 - 422)))
    #expect(middle.transform.rotateX.isClose(to: (-.pi / 5 - .pi / 2.5) / 2, 1e-15))
  }

  @Test func swipeToDelete() throws {
    let layout = Self.layout(count: 10)
    let path = ItemPath(section: 0, item: 2)
    let dragged = try #require(layout.attributes(of: path, draggedBy: -60, offset: .zero))
    #expect(dragged.frame.minX == 145 - 60 && dragged.alpha.isClose(to: 0.4))
    #expect(layout.swipeDecision(translation: -60, velocity: 0) == .delete)
    #expect(layout.swipeDecision(translation: -40, velocity: -1200) == .delete)
    #expect(layout.swipeDecision(translation: -40, velocity: -900) == .restore)
    #expect(layout.swipeDecision(translation: 80, velocity: 2000) == .restore)
    #expect(layout.swipeDecision(translation: .nan, velocity: .nan) == .restore)
  }

  @Test func openingFillsTheViewportAndPushesTheOthersOut() {
    let layout = Self.layout(count: 10)
    let opened = layout.openedAttributes(of: ItemPath(section: 0, item: 2), offset: .zero)
    #expect(Set(opened.map(\.path.item)) == [0, 1, 2, 3, 4, 5])
    for attributes in opened {
      #expect(attributes.transform.isIdentity)
      switch attributes.path.item {
      case 2:
        #expect(attributes.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(attributes.zIndex == 10)
      case ..<2: #expect(attributes.frame.maxY == 0)
      default: #expect(attributes.frame.minY == 844)
      }
    }
    let start = layout.transitionAttributes(
      opening: ItemPath(section: 0, item: 2), progress: 0, offset: .zero)
    #expect(
      start.sorted { $0.path < $1.path }
        == layout.attributes(in: Rect(x: 0, y: 0, width: 390, height: 844)).sorted {
          $0.path < $1.path
        })
    #expect(layout.openedAttributes(of: ItemPath(section: 0, item: 10), offset: .zero).isEmpty)
  }

  @Test func edgeCountsAndHostileSizes() {
    for count in [0, 1, 2, 3, 19, 20, 21] {
      let layout = Self.layout(count: count)
      let all = layout.attributes(in: Rect(x: -1e9, y: -1e9, width: 3e9, height: 3e9))
      #expect(all.count == count && all.allSatisfy { $0.isFinite })
    }
    var options = StackLayout.Options()
    options.zOffset = .nan
    options.itemSize = Size(width: .infinity, height: -3)
    var layout = StackLayout(options: options)
    layout.prepare(scrollContext(width: .nan, height: 0, count: 3))
    #expect(layout.contentSize.width.isFinite && layout.contentSize.height.isFinite)
    #expect(layout.attributes(at: ItemPath(section: 0, item: 2))?.isFinite == true)
  }
}
