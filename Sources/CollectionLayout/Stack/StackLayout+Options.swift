extension StackLayout {
  /// The options of a Safari-style tab stack.
  ///
  /// Hostile values never crash: negative, NaN or infinite lengths become 0 (a NaN or
  /// infinite `zOffset` becomes 0) and lengths are capped at 10^7 points.
  public struct Options: Hashable, Sendable {
    /// The space above the first item (default 20).
    public var sectionInsetTop: Double = 20
    /// The space below the last visible item (default 20).
    public var sectionInsetBottom: Double = 20
    /// The size of every item (default 100 × 100, LNZ's); items are centred horizontally.
    public var itemSize = Size(width: 100, height: 100)
    /// How far each item is pushed back along z (default −60).
    public var zOffset: Double = -60

    /// Creates the default options.
    public init() {}
  }

  /// The most items that share the viewport's height at rest: 5.
  public static let visibleItemLimit = 5
  /// The perspective: m34 = −1/1000.
  public static let perspective = -1.0 / 1000
  /// The steepest tilt, for an item at the bottom of the viewport: −π/2.5.
  public static let maximumTilt = -Double.pi / 2.5
  /// The velocity (points per second) below which a released swipe deletes: −1000, a flick
  /// to the left.
  public static let deleteVelocity = -1000.0
}
