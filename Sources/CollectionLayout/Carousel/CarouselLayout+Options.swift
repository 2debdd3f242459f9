extension CarouselLayout {
  /// The options of a carousel, named after LNZCarouselCollectionViewLayout's properties and
  /// with its defaults.
  ///
  /// Hostile values never crash: a NaN or infinite factor becomes its default's neutral value
  /// (1), `minimumScaleFactor` is clamped to 0...10 and `sideItemAlpha` to 0...1.
  public struct Options: Hashable, Sendable {
    /// The row, infinite scrolling (`infinite.isInfiniteScrollEnabled`, default true) and
    /// snapping (`infinite.snapToCenter`, default true).
    public var infinite = InfiniteLayout.Options()
    /// The distance from the viewport's centre at which an item reaches
    /// `minimumScaleFactor` (default 200).
    public var scalingOffset: Double = 200
    /// The scale of items at least `scalingOffset` from the centre (default 0.85).
    public var minimumScaleFactor: Double = 0.85
    /// The opacity of items an item length or more from the centre (default 1: no fading).
    public var sideItemAlpha: Double = 1

    /// Creates the default options (LNZCarouselCollectionViewLayout's defaults).
    public init() {}

    var scaling: CarouselScaling {
      CarouselScaling(
        scalingOffset: scalingOffset.cappedLength,
        minimumScaleFactor: minimumScaleFactor.isFinite
          ? min(max(minimumScaleFactor, 0), 10) : 1,
        sideItemAlpha: sideItemAlpha.isFinite ? min(max(sideItemAlpha, 0), 1) : 1,
        fadingDistance: infinite.row.itemExtents.length)
    }
  }
}
