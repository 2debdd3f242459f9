import CollectionLayout

/// Builds a layout of a kind from options JS wrote into the input buffer, in the order that
/// Web/toolkit/engine.js documents: first the section chrome shared by the vertical kinds
/// (sectionInset ×4, headerHeight, footerHeight, headerInset ×4, footerInset ×4), then the
/// kind's own options.
enum LayoutOptions {
  @inline(never)
  static func insets(_ input: inout InputReader) -> Insets {
    Insets(top: input.next(), left: input.next(), bottom: input.next(), right: input.next())
  }

  /// The chrome shared by the vertical kinds: sectionInset ×4, headerHeight, footerHeight,
  /// headerInset ×4, footerInset ×4.
  static func readChrome<Options: SectionChromeOptions>(
    _ options: inout Options, from input: inout InputReader
  ) {
    options.sectionInset = insets(&input)
    options.headerHeight = input.next()
    options.footerHeight = input.next()
    options.headerInset = insets(&input)
    options.footerInset = insets(&input)
  }

  /// Kind 0: waterfall.
  static func waterfall(_ input: inout InputReader) -> WaterfallLayout {
    var options = WaterfallLayout.Options()
    readChrome(&options, from: &input)
    options.columnCount = input.nextInt()
    options.minimumColumnSpacing = input.next()
    options.minimumInteritemSpacing = input.next()
    let direction = input.nextInt()
    options.itemRenderDirection =
      direction == 1 ? .leftToRight : direction == 2 ? .rightToLeft : .shortestFirst
    options.minimumContentHeight = input.next()
    options.extraHeight = input.next()
    options.pinsSectionHeaders = input.nextBool()
    let perSection = min(max(input.nextInt(), 0), input.remaining)
    options.columnCounts = makeArray(perSection) { _ in input.nextInt() }
    return WaterfallLayout(options: options)
  }

  /// Kind 1: mosaic.
  static func mosaic(_ input: inout InputReader) -> MosaicLayout {
    var options = MosaicLayout.Options()
    readChrome(&options, from: &input)
    options.columnCount = input.nextInt()
    options.spacing = input.next()
    options.alternatesSides = input.nextBool()
    let spans = min(max(input.nextInt(), 0), input.remaining / 2)
    if spans > 0 {
      options.pattern = makeArray(spans) { _ in
        MosaicLayout.Span(columns: input.nextInt(), rows: input.nextInt())
      }
    }
    return MosaicLayout(options: options)
  }

  /// Kind 2: grid. A column count of 0 or less means "as many as fit `minimumItemWidth`".
  static func grid(_ input: inout InputReader) -> GridLayout {
    var options = GridLayout.Options()
    readChrome(&options, from: &input)
    let columns = input.nextInt()
    let minimumWidth = input.next()
    options.columns = columns > 0 ? .count(columns) : .minimumWidth(minimumWidth)
    options.minimumInteritemSpacing = input.next()
    options.minimumLineSpacing = input.next()
    options.aspectRatio = input.next()
    options.extraHeight = input.next()
    options.pinsSectionHeaders = input.nextBool()
    return GridLayout(options: options)
  }
}
