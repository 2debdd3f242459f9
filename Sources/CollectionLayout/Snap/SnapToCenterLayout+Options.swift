extension SnapToCenterLayout {
  /// The options of a snap-to-center row, named after LNZSnapToCenterCollectionViewLayout's
  /// properties and with its defaults.
  ///
  /// On the scrolling axis the two section insets are minimums that `centerFirstItem` grows so
  /// that the first and last items can be centred (left/right for a horizontal row, top/bottom
  /// for a vertical one); across it they are used as given. Hostile values never crash:
  /// negative, NaN or infinite lengths become 0 and lengths
  /// are capped at 10^7 points.
  public struct Options: Hashable, Sendable {
    /// The scrolling axis (default horizontal, like LNZ).
    public var axis: ScrollAxis = .horizontal
    /// The size of every item (default 100 × 100).
    public var itemSize = Size(width: 100, height: 100)
    /// The space between consecutive items along the axis (default 8).
    public var interitemSpacing: Double = 8
    /// The top inset (default 8): exact for a horizontal row, a minimum for a vertical one.
    public var sectionInsetTop: Double = 8
    /// The bottom inset (default 8): exact for a horizontal row, a minimum for a vertical one.
    public var sectionInsetBottom: Double = 8
    /// The left inset (default 8): a minimum for a horizontal row, exact for a vertical one.
    public var minimumSectionInsetLeft: Double = 8
    /// The right inset (default 8): a minimum for a horizontal row, exact for a vertical one.
    public var minimumSectionInsetRight: Double = 8
    /// Whether the leading and trailing insets grow so that the first and last items can be
    /// centred (default true).
    public var centerFirstItem = true
    /// The fraction of its speed a flick keeps per millisecond, used to project where it would
    /// stop (default 0.998, UIScrollView's `.normal`). Set it to 0 where the proposed offset
    /// already includes the deceleration (a UIKit adapter does, since UIScrollView projects
    /// with its own rate before asking).
    public var decelerationRate: Double = 0.998

    /// Creates the default options (LNZSnapToCenterCollectionViewLayout's defaults).
    public init() {}

    /// The insets before and after the items on the scrolling axis, before centring.
    var minimumLeadingAndTrailing: (leading: Double, trailing: Double) {
      switch axis {
      case .horizontal:
        (minimumSectionInsetLeft.cappedLength, minimumSectionInsetRight.cappedLength)
      case .vertical: (sectionInsetTop.cappedLength, sectionInsetBottom.cappedLength)
      }
    }

    /// The insets before and after the items across the scrolling axis.
    var crossInsets: (before: Double, after: Double) {
      switch axis {
      case .horizontal: (sectionInsetTop.cappedLength, sectionInsetBottom.cappedLength)
      case .vertical:
        (minimumSectionInsetLeft.cappedLength, minimumSectionInsetRight.cappedLength)
      }
    }

    /// The item's extent along the scrolling axis and across it.
    var itemExtents: (length: Double, thickness: Double) {
      let width = itemSize.width.cappedLength
      let height = itemSize.height.cappedLength
      return axis == .horizontal ? (width, height) : (height, width)
    }
  }
}
