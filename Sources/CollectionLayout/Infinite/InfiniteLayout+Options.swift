extension InfiniteLayout {
  /// The options of an infinite row: the row's geometry plus LNZInfiniteCollectionViewLayout's
  /// switches and two of ours.
  public struct Options: Hashable, Sendable {
    /// The row's geometry and deceleration, as for a snap-to-center row.
    public var row = SnapToCenterLayout.Options()
    /// Whether scrolling comes to rest with an item centred (default true, like LNZ).
    public var snapToCenter = true
    /// Whether the items repeat at all (default true); when false, or when one cycle of items
    /// is not wider than `InfiniteLayout.cycleThreshold` viewports, the layout is a finite
    /// snap-to-center row (LNZCarouselCollectionViewLayout's `isInfiniteScrollEnabled`).
    public var isInfiniteScrollEnabled = true
    /// Whether the items repeat even when a cycle is shorter than the threshold, so the same
    /// item can appear more than once on screen (default false). A view that keys cells by
    /// index path (UICollectionView) must leave this off; one that keys them by slot, like
    /// the browser client, can turn it on so that three photos still scroll without end.
    /// Ignored when the viewport would hold more than `InfiniteLayout.maximumSlotsOnScreen`
    /// slots (hostile, near-zero item sizes), so a query never invents millions of copies.
    public var repeatsItemsOnScreen = false

    /// Creates the default options.
    public init() {}
  }

  /// How many viewports wide one cycle of items must be for the items to repeat: 2.
  ///
  /// LNZ's README says 1.5 and its code uses 2. We use 2 because a view asks for the
  /// attributes of more than the visible rect (UICollectionView prepares about half a screen
  /// each side ahead of scrolling): with a cycle wider than two viewports, no index path
  /// appears twice in such a query, so a view that keys cells by index path never has to show
  /// one cell in two places. 1.5 only guarantees that for the visible rect itself.
  public static let cycleThreshold = 2.0

  /// The virtual content is at least this long (10^6 points, a few minutes of continuous
  /// flicking), so that `recentredOffset(_:)` after each scroll is enough to never reach an
  /// end.
  static let minimumVirtualLength = 1_000_000.0
  /// And at least this many viewports long.
  static let minimumVirtualViewports = 16.0
  /// At most this many slots (2^22), unless four cycles need more, so that a query of the
  /// whole virtual content is bounded; at least four cycles, so that there is always a full
  /// cycle either side of the middle one.
  static let maximumVirtualSlots = 1 << 22
  static let minimumCycles = 4
  /// The most slots a viewport may hold for `repeatsItemsOnScreen` to apply: 1,024.
  public static let maximumSlotsOnScreen = 1024
}
