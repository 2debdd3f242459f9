/// One section of a collection: its items and, optionally, header and footer heights that
/// override the layout's defaults.
public struct LayoutSection: Hashable, Sendable {
  /// The items, in order.
  public var items: [LayoutItem]
  /// The header height, or `nil` to use the layout's default.
  public var headerHeight: Double?
  /// The footer height, or `nil` to use the layout's default.
  public var footerHeight: Double?

  /// Creates a section.
  public init(items: [LayoutItem] = [], headerHeight: Double? = nil, footerHeight: Double? = nil) {
    self.items = items
    self.headerHeight = headerHeight
    self.footerHeight = footerHeight
  }
}
