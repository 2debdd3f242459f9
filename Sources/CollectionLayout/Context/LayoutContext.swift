/// Everything outside a layout's own options that its geometry depends on: the viewport, the
/// content insets, the display scale, the writing direction and the sections with their items.
public struct LayoutContext: Hashable, Sendable {
  /// The size of the visible area (the collection view's bounds).
  public var viewport: Size
  /// Insets of the content from the viewport edges (`adjustedContentInset` in UIKit). The
  /// content is laid out in `viewport.width - contentInsets.horizontal`.
  public var contentInsets: Insets
  /// Pixels per point; frames are rounded to this grid (see `PixelGrid`). 0 disables rounding.
  public var displayScale: Double
  /// Left-to-right or right-to-left.
  public var direction: LayoutDirection
  /// The sections, in order.
  public var sections: [LayoutSection]

  /// Creates a context.
  public init(
    viewport: Size, contentInsets: Insets = .zero, displayScale: Double = 1,
    direction: LayoutDirection = .leftToRight, sections: [LayoutSection] = []
  ) {
    self.viewport = viewport
    self.contentInsets = contentInsets
    self.displayScale = displayScale
    self.direction = direction
    self.sections = sections
  }

  /// An empty context with a zero viewport.
  public static let empty = LayoutContext(viewport: .zero)

  /// The width available to the content: viewport width minus horizontal content insets,
  /// never negative, 0 when anything is NaN or infinite.
  public var contentWidth: Double {
    (viewport.width.sanitizedLength - contentInsets.sanitized.horizontal).sanitizedLength
  }

  /// The pixel grid of `displayScale`.
  public var pixelGrid: PixelGrid { PixelGrid(scale: displayScale) }

  /// The total number of items over all sections.
  public var itemCount: Int {
    var count = 0
    for section in sections { count += section.items.count }
    return count
  }
}
