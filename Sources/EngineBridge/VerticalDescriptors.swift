import CollectionLayout

extension SectionChromeOptions {
  /// Reads the section chrome the vertical kinds share, first in their format: sectionInset,
  /// headerHeight, footerHeight, headerInset, footerInset.
  mutating func readChrome<Source: OptionSource>(_ source: inout Source) throws(Source.Failure) {
    try source.insets("sectionInset", &sectionInset)
    try source.number("headerHeight", &headerHeight)
    try source.number("footerHeight", &footerHeight)
    try source.insets("headerInset", &headerInset)
    try source.insets("footerInset", &footerInset)
  }
}

/// `"waterfall"` (code 0): `WaterfallLayout`, CHTCollectionViewWaterfallLayout's names.
package enum WaterfallDescriptor: LayoutDescriptor {
  package static var name: StaticString { "waterfall" }
  package static var code: Int32 { 0 }

  package static func read<Source: OptionSource>(_ source: inout Source)
    throws(Source.Failure) -> WaterfallLayout
  {
    var options = WaterfallLayout.Options()
    try options.readChrome(&source)
    try source.integer("columnCount", &options.columnCount)
    try source.number("minimumColumnSpacing", &options.minimumColumnSpacing)
    try source.number("minimumInteritemSpacing", &options.minimumInteritemSpacing)
    try source.choice("itemRenderDirection", &options.itemRenderDirection)
    try source.number("minimumContentHeight", &options.minimumContentHeight)
    try source.number("extraHeight", &options.extraHeight)
    try source.flag("pinsSectionHeaders", &options.pinsSectionHeaders)
    try source.perSection(
      "columnCounts", member: "columnCount", fallback: options.columnCount, &options.columnCounts)
    return WaterfallLayout(options: options)
  }

  package static func box(_ layout: WaterfallLayout) -> LayoutBox { Box(layout) }
}

/// `"mosaic"` (code 1): `MosaicLayout`, the inspire grid.
package enum MosaicDescriptor: LayoutDescriptor {
  package static var name: StaticString { "mosaic" }
  package static var code: Int32 { 1 }

  package static func read<Source: OptionSource>(_ source: inout Source)
    throws(Source.Failure) -> MosaicLayout
  {
    var options = MosaicLayout.Options()
    try options.readChrome(&source)
    try source.integer("columnCount", &options.columnCount)
    try source.number("spacing", &options.spacing)
    try source.flag("alternatesSides", &options.alternatesSides)
    try source.spans("pattern", &options.pattern)
    return MosaicLayout(options: options)
  }

  package static func box(_ layout: MosaicLayout) -> LayoutBox { Box(layout) }
}

/// `"grid"` (code 2): `GridLayout`, UICollectionViewFlowLayout's spacing names.
package enum GridDescriptor: LayoutDescriptor {
  package static var name: StaticString { "grid" }
  package static var code: Int32 { 2 }

  package static func read<Source: OptionSource>(_ source: inout Source)
    throws(Source.Failure) -> GridLayout
  {
    var options = GridLayout.Options()
    try options.readChrome(&source)
    try source.columns(count: "columnCount", minimumWidth: "minimumItemWidth", &options.columns)
    try source.number("minimumInteritemSpacing", &options.minimumInteritemSpacing)
    try source.number("minimumLineSpacing", &options.minimumLineSpacing)
    try source.number("aspectRatio", &options.aspectRatio)
    try source.number("extraHeight", &options.extraHeight)
    try source.flag("pinsSectionHeaders", &options.pinsSectionHeaders)
    return GridLayout(options: options)
  }

  package static func box(_ layout: GridLayout) -> LayoutBox { Box(layout) }
}
