import CollectionLayout

/// Builds the scroll-driven layouts from options in the input buffer, in the order that
/// Web/toolkit/engine.js documents (LNZCollectionLayouts' names).
enum ScrollLayoutOptions {
  /// Snap row: axis (0 horizontal, 1 vertical), itemSize width and height, interitemSpacing,
  /// sectionInsetTop, sectionInsetBottom, minimumSectionInsetLeft, minimumSectionInsetRight,
  /// centerFirstItem, decelerationRate.
  static func row(_ input: inout InputReader) -> SnapToCenterLayout.Options {
    var options = SnapToCenterLayout.Options()
    options.axis = input.nextInt() == 1 ? .vertical : .horizontal
    options.itemSize = Size(width: input.next(), height: input.next())
    options.interitemSpacing = input.next()
    options.sectionInsetTop = input.next()
    options.sectionInsetBottom = input.next()
    options.minimumSectionInsetLeft = input.next()
    options.minimumSectionInsetRight = input.next()
    options.centerFirstItem = input.nextBool()
    options.decelerationRate = input.next()
    return options
  }

  /// Infinite row: the snap row's options, then snapToCenter, isInfiniteScrollEnabled,
  /// repeatsItemsOnScreen.
  static func infinite(_ input: inout InputReader) -> InfiniteLayout.Options {
    var options = InfiniteLayout.Options()
    options.row = row(&input)
    options.snapToCenter = input.nextBool()
    options.isInfiniteScrollEnabled = input.nextBool()
    options.repeatsItemsOnScreen = input.nextBool()
    return options
  }

  /// Carousel: the infinite row's options, then scalingOffset, minimumScaleFactor,
  /// sideItemAlpha.
  static func carousel(_ input: inout InputReader) -> CarouselLayout.Options {
    var options = CarouselLayout.Options()
    options.infinite = infinite(&input)
    options.scalingOffset = input.next()
    options.minimumScaleFactor = input.next()
    options.sideItemAlpha = input.next()
    return options
  }

  /// Stack: sectionInsetTop, sectionInsetBottom, itemSize width and height, zOffset.
  static func stack(_ input: inout InputReader) -> StackLayout.Options {
    var options = StackLayout.Options()
    options.sectionInsetTop = input.next()
    options.sectionInsetBottom = input.next()
    options.itemSize = Size(width: input.next(), height: input.next())
    options.zOffset = input.next()
    return options
  }
}
