/// What a layout knows of one item before placing it: its natural size (for a photo, its pixel
/// width and height; layouts use only the aspect ratio where they fix the width) and whether it
/// spans the full width of a multi-column layout.
public struct LayoutItem: Hashable, Sendable {
  /// The natural width.
  public var width: Double
  /// The natural height.
  public var height: Double
  /// Whether the item spans all columns (waterfall) instead of one.
  public var isFullSpan: Bool

  /// Creates an item from its natural size.
  public init(width: Double, height: Double, isFullSpan: Bool = false) {
    self.width = width
    self.height = height
    self.isFullSpan = isFullSpan
  }

  /// Height divided by width, with the rule every layout uses for hostile sizes: a width or
  /// height that is zero, negative, NaN or infinite gives a square (1); the result is capped at
  /// `maximumAspectRatio` and floored at its reciprocal so no item can be infinitely tall.
  public var aspectRatio: Double {
    guard width.isFinite, height.isFinite, width > 0, height > 0 else { return 1 }
    let ratio = height / width
    return min(max(ratio, 1 / LayoutItem.maximumAspectRatio), LayoutItem.maximumAspectRatio)
  }

  /// The tallest (and, inverted, the widest) aspect ratio a layout honours: 100.
  public static let maximumAspectRatio: Double = 100
}
