extension GridLayout {
  /// How the number of columns is chosen.
  public enum Columns: Hashable, Sendable {
    /// Exactly this many columns (clamped to 1...1,024).
    case count(Int)
    /// As many columns as fit with items at least this wide (at least 1).
    case minimumWidth(Double)
  }

  /// The options of a grid, named after UICollectionViewFlowLayout's properties.
  ///
  /// Hostile values never crash: negative, NaN or infinite lengths and ratios become 0.
  public struct Options: SectionChromeOptions, Hashable, Sendable {
    /// How many columns (default 2).
    public var columns: Columns = .count(2)
    /// The horizontal space between items of a row (default 10).
    public var minimumInteritemSpacing: Double = 10
    /// The vertical space between rows (default 10).
    public var minimumLineSpacing: Double = 10
    /// Item height divided by item width (default 1: square).
    public var aspectRatio: Double = 1
    /// A fixed height added to every item (a caption area).
    public var extraHeight: Double = 0
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
    /// Whether section headers stick to the top of the visible area while their section is.
    public var pinsSectionHeaders: Bool = false

    /// Creates the default options: two square columns with spacing 10.
    public init() {}

    /// The Bounty list of the seed app: 2 columns, spacings 10, height = width × 10/7 + 65.
    public static var bounty: Options {
      var options = Options()
      options.aspectRatio = 10.0 / 7.0
      options.extraHeight = 65
      return options
    }

    /// The number of columns for an available width.
    ///
    /// For `.minimumWidth(w)` it is the largest c with c·w + (c − 1)·spacing ≤ width, at
    /// least 1 and at most 1,024.
    public func columnCount(forWidth width: Double) -> Int {
      switch columns {
      case .count(let count):
        return min(max(count, 1), GridLayout.maximumColumnCount)
      case .minimumWidth(let minimum):
        let spacing = minimumInteritemSpacing.sanitizedLength
        let pitch = minimum.sanitizedLength + spacing
        guard pitch > 0 else { return GridLayout.maximumColumnCount }
        let fitting = ((width.sanitizedLength + spacing) / pitch).rounded(.down)
        return Int(min(max(fitting, 1), Double(GridLayout.maximumColumnCount)))
      }
    }

  }

  /// The largest column count honoured.
  public static let maximumColumnCount = 1024
}
