extension MosaicLayout {
  /// How many columns and rows of square cells one item covers.
  public struct Span: Hashable, Sendable {
    /// Columns covered (clamped to 1...columnCount when laid out).
    public var columns: Int
    /// Rows covered (clamped to 1...maximumRowSpan when laid out).
    public var rows: Int

    /// Creates a span.
    public init(columns: Int, rows: Int) {
      self.columns = columns
      self.rows = rows
    }
  }

  /// The options of the mosaic.
  ///
  /// Hostile values never crash: a column count below 1 becomes 1 and above 64 becomes 64; a
  /// span is clamped to the columns and to `maximumRowSpan` rows; an empty pattern becomes
  /// the default one; negative, NaN or infinite lengths become 0.
  public struct Options: SectionChromeOptions, Hashable, Sendable {
    /// The number of columns of square cells (default 3).
    public var columnCount: Int = 3
    /// The space between cells, both ways (default 10).
    public var spacing: Double = 10
    /// Whether every other group mirrors its pattern (the big cell changes sides).
    public var alternatesSides: Bool = false
    /// The spans of one group, placed first-fit (left to right, top to bottom) into the
    /// group's block; the group repeats down the page. Default: one 2×2 then five 1×1.
    public var pattern: [Span] = MosaicLayout.inspirePattern
    /// The inset around each section's items.
    public var sectionInset: Insets = .zero
    /// The default header height; 0 means no header.
    public var headerHeight: Double = 0
    /// The default footer height; 0 means no footer.
    public var footerHeight: Double = 0
    /// The inset around each header.
    public var headerInset: Insets = .zero
    /// The inset around each footer.
    public var footerInset: Insets = .zero

    /// Creates the default options: the LOTs inspire grid.
    public init() {}

  }

  /// The LOTs inspire pattern: one 2×2 cell, then five 1×1 cells around it.
  public static let inspirePattern = [
    Span(columns: 2, rows: 2), Span(columns: 1, rows: 1), Span(columns: 1, rows: 1),
    Span(columns: 1, rows: 1), Span(columns: 1, rows: 1), Span(columns: 1, rows: 1),
  ]

  /// The largest column count honoured.
  public static let maximumColumnCount = 64

  /// The tallest span honoured, in rows.
  public static let maximumRowSpan = 64
}
