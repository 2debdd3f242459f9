extension WaterfallLayout {
  /// The order in which items are assigned to columns (CHTCollectionViewWaterfallLayout's
  /// `itemRenderDirection`).
  public enum ItemRenderDirection: Hashable, Sendable {
    /// Each item goes to the shortest column; among equals the first (leftmost) wins.
    case shortestFirst
    /// Items go to columns 0, 1, 2, ... in turn, whatever their heights.
    case leftToRight
    /// Items go to the last column first, then leftwards in turn.
    case rightToLeft
  }

  /// The options of a waterfall, named after CHTCollectionViewWaterfallLayout's properties.
  ///
  /// Hostile values never crash: a column count below 1 becomes 1 and above 1,024 becomes
  /// 1,024; negative, NaN or infinite spacings, insets and heights become 0.
  public struct Options: SectionChromeOptions, Hashable, Sendable {
    /// The number of columns (default 2).
    public var columnCount: Int = 2
    /// Per-section column counts; a section beyond the end of the list uses `columnCount`.
    public var columnCounts: [Int] = []
    /// The horizontal space between columns (default 10).
    public var minimumColumnSpacing: Double = 10
    /// The vertical space between items of a column (default 10).
    public var minimumInteritemSpacing: Double = 10
    /// The inset around each section's items.
    public var sectionInset: Insets = .zero
    /// The default header height; 0 means no header.
    public var headerHeight: Double = 0
    /// The default footer height; 0 means no footer.
    public var footerHeight: Double = 0
    /// The inset around each header (applied only where there is a header).
    public var headerInset: Insets = .zero
    /// The inset around each footer (applied only where there is a footer).
    public var footerInset: Insets = .zero
    /// How items are assigned to columns.
    public var itemRenderDirection: ItemRenderDirection = .shortestFirst
    /// The content is at least this tall.
    public var minimumContentHeight: Double = 0
    /// A fixed height added below every item's photo (a caption area).
    public var extraHeight: Double = 0
    /// Whether section headers stick to the top of the visible area while their section is.
    public var pinsSectionHeaders: Bool = false

    /// Creates the default options (CHTCollectionViewWaterfallLayout's defaults).
    public init() {}

    /// The number of columns of a section, clamped to 1...1,024.
    public func columnCount(forSection section: Int) -> Int {
      let count = section < columnCounts.count ? columnCounts[section] : columnCount
      return min(max(count, 1), WaterfallLayout.maximumColumnCount)
    }

  }

  /// The largest column count honoured.
  public static let maximumColumnCount = 1024
}
