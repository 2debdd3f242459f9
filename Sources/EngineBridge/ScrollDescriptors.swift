import CollectionLayout

extension SnapToCenterLayout.Options {
  /// Reads a snap row's options, shared by the three row kinds (LNZCollectionLayouts' names).
  /// Never inlined: one copy serves the three kinds in the wasm module.
  @inline(never)
  mutating func read<Source: OptionSource>(_ source: inout Source) throws(Source.Failure) {
    try source.choice("axis", &axis)
    try source.size("itemSize", &itemSize)
    try source.number("interitemSpacing", &interitemSpacing)
    try source.number("sectionInsetTop", &sectionInsetTop)
    try source.number("sectionInsetBottom", &sectionInsetBottom)
    try source.number("minimumSectionInsetLeft", &minimumSectionInsetLeft)
    try source.number("minimumSectionInsetRight", &minimumSectionInsetRight)
    try source.flag("centerFirstItem", &centerFirstItem)
    try source.number("decelerationRate", &decelerationRate)
  }
}

extension InfiniteLayout.Options {
  /// Reads an infinite row's options: the snap row's, then its own. Never inlined, like the row.
  @inline(never)
  mutating func read<Source: OptionSource>(_ source: inout Source) throws(Source.Failure) {
    try row.read(&source)
    try source.flag("snapToCenter", &snapToCenter)
    try source.flag("isInfiniteScrollEnabled", &isInfiniteScrollEnabled)
    try source.flag("repeatsItemsOnScreen", &repeatsItemsOnScreen)
  }
}

/// `"snap"` (code 3): `SnapToCenterLayout`.
package enum SnapDescriptor: LayoutDescriptor {
  package static var name: StaticString { "snap" }
  package static var code: Int32 { 3 }

  @inline(__always)
  package static func read<Source: OptionSource>(_ source: inout Source)
    throws(Source.Failure) -> SnapToCenterLayout
  {
    var options = SnapToCenterLayout.Options()
    try options.read(&source)
    return SnapToCenterLayout(options: options)
  }

  package static func box(_ layout: SnapToCenterLayout) -> LayoutBox { FocusBox(layout) }
}

/// `"infinite"` (code 4): `InfiniteLayout`.
package enum InfiniteDescriptor: LayoutDescriptor {
  package static var name: StaticString { "infinite" }
  package static var code: Int32 { 4 }

  @inline(__always)
  package static func read<Source: OptionSource>(_ source: inout Source)
    throws(Source.Failure) -> InfiniteLayout
  {
    var options = InfiniteLayout.Options()
    try options.read(&source)
    return InfiniteLayout(options: options)
  }

  package static func box(_ layout: InfiniteLayout) -> LayoutBox { RecentringBox(layout) }
}

/// `"carousel"` (code 5): `CarouselLayout`.
package enum CarouselDescriptor: LayoutDescriptor {
  package static var name: StaticString { "carousel" }
  package static var code: Int32 { 5 }

  @inline(__always)
  package static func read<Source: OptionSource>(_ source: inout Source)
    throws(Source.Failure) -> CarouselLayout
  {
    var options = CarouselLayout.Options()
    try options.infinite.read(&source)
    try source.number("scalingOffset", &options.scalingOffset)
    try source.number("minimumScaleFactor", &options.minimumScaleFactor)
    try source.number("sideItemAlpha", &options.sideItemAlpha)
    return CarouselLayout(options: options)
  }

  package static func box(_ layout: CarouselLayout) -> LayoutBox { RecentringBox(layout) }
}

/// `"stack"` (code 6): `StackLayout`, Safari's tabs.
package enum StackDescriptor: LayoutDescriptor {
  package static var name: StaticString { "stack" }
  package static var code: Int32 { 6 }

  @inline(__always)
  package static func read<Source: OptionSource>(_ source: inout Source)
    throws(Source.Failure) -> StackLayout
  {
    var options = StackLayout.Options()
    try source.number("sectionInsetTop", &options.sectionInsetTop)
    try source.number("sectionInsetBottom", &options.sectionInsetBottom)
    try source.size("itemSize", &options.itemSize)
    try source.number("zOffset", &options.zOffset)
    return StackLayout(options: options)
  }

  package static func box(_ layout: StackLayout) -> LayoutBox { StackBox(layout) }
}
