import CollectionLayout
import PropertyTesting

/// Random, often hostile, inputs for the vertical layouts.
enum RandomLayouts {
  static let edgeCounts = [0, 1, 2, 3, 19, 20, 21]

  static func length(_ random: inout SplitMix64, typical: ClosedRange<Double>) -> Double {
    if random.chance(0.04) {
      return random.pick([0, -5, .nan, .infinity, -.infinity, 1e-9, 1e7])
    }
    return Double.random(in: typical, using: &random)
  }

  static func item(_ random: inout SplitMix64) -> LayoutItem {
    LayoutItem(
      width: length(&random, typical: 50...4000), height: length(&random, typical: 50...4000),
      isFullSpan: random.chance(0.08))
  }

  static func section(_ random: inout SplitMix64) -> LayoutSection {
    let count =
      random.chance(0.5) ? random.pick(edgeCounts) : Int.random(in: 0...60, using: &random)
    return LayoutSection(
      items: (0..<count).map { _ in item(&random) },
      headerHeight: random.chance(0.5) ? length(&random, typical: 0...60) : nil,
      footerHeight: random.chance(0.3) ? length(&random, typical: 0...40) : nil)
  }

  static func insets(_ random: inout SplitMix64, typical: ClosedRange<Double>) -> Insets {
    random.chance(0.4)
      ? .zero
      : Insets(
        top: length(&random, typical: typical), left: length(&random, typical: typical),
        bottom: length(&random, typical: typical), right: length(&random, typical: typical))
  }

  static func context(_ random: inout SplitMix64, scale: Double? = nil) -> LayoutContext {
    let sectionCount = random.pick([0, 1, 1, 1, 2, 3])
    return LayoutContext(
      viewport: Size(
        width: length(&random, typical: 100...1400), height: length(&random, typical: 100...1000)),
      contentInsets: insets(&random, typical: 0...30),
      displayScale: scale ?? random.pick([0, 1, 2, 3, .nan]),
      direction: random.chance(0.3) ? .rightToLeft : .leftToRight,
      sections: (0..<sectionCount).map { _ in section(&random) })
  }

  static func waterfall(_ random: inout SplitMix64) -> WaterfallLayout {
    var options = WaterfallLayout.Options()
    options.columnCount = random.pick([0, 1, 2, 2, 3, 5, -1, 40])
    options.columnCounts = random.chance(0.2) ? [random.pick([1, 3, 4])] : []
    options.minimumColumnSpacing = length(&random, typical: 0...20)
    options.minimumInteritemSpacing = length(&random, typical: 0...20)
    options.sectionInset = insets(&random, typical: 0...20)
    options.headerHeight = length(&random, typical: 0...50)
    options.footerHeight = random.chance(0.5) ? 0 : length(&random, typical: 0...50)
    options.headerInset = insets(&random, typical: 0...10)
    options.footerInset = insets(&random, typical: 0...10)
    options.itemRenderDirection = random.pick([.shortestFirst, .leftToRight, .rightToLeft])
    options.minimumContentHeight = random.chance(0.2) ? length(&random, typical: 0...3000) : 0
    options.extraHeight = random.chance(0.5) ? length(&random, typical: 0...80) : 0
    options.pinsSectionHeaders = random.chance(0.3)
    return WaterfallLayout(options: options)
  }

  static func mosaic(_ random: inout SplitMix64) -> MosaicLayout {
    var options = MosaicLayout.Options()
    options.columnCount = random.pick([3, 3, 1, 2, 4, 0, 100])
    options.spacing = length(&random, typical: 0...20)
    options.alternatesSides = random.chance(0.5)
    if random.chance(0.3) {
      options.pattern = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        MosaicLayout.Span(
          columns: Int.random(in: -1...4, using: &random),
          rows: Int.random(in: -1...3, using: &random))
      }
    }
    options.sectionInset = insets(&random, typical: 0...20)
    options.headerHeight = length(&random, typical: 0...50)
    return MosaicLayout(options: options)
  }

  static func grid(_ random: inout SplitMix64) -> GridLayout {
    var options = random.chance(0.3) ? GridLayout.Options.bounty : GridLayout.Options()
    options.columns =
      random.chance(0.5)
      ? .count(random.pick([0, 1, 2, 3, 7])) : .minimumWidth(length(&random, typical: 40...300))
    options.minimumInteritemSpacing = length(&random, typical: 0...20)
    options.minimumLineSpacing = length(&random, typical: 0...20)
    options.aspectRatio = length(&random, typical: 0.2...3)
    options.extraHeight = random.chance(0.5) ? length(&random, typical: 0...80) : 0
    options.sectionInset = insets(&random, typical: 0...20)
    options.headerHeight = length(&random, typical: 0...50)
    options.pinsSectionHeaders = random.chance(0.3)
    return GridLayout(options: options)
  }
}
