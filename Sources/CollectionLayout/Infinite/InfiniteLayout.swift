/// A snap-to-center row whose items repeat without end: LNZInfiniteCollectionViewLayout on
/// either axis, with finite virtual content, queries that honour their rect, and no division
/// by zero for 0, 1, 2 or 3 items.
///
/// When one cycle ((itemLength + interitemSpacing) · n) is wider than `cycleThreshold`
/// viewports (or `repeatsItemsOnScreen` is set), slot j of the content shows item j mod n at
/// (itemLength + interitemSpacing) · j. The content is a whole number of cycles (at least four,
/// at least 10^6 points; never `greatestFiniteMagnitude`, whose arithmetic crashed LNZ) and a
/// view starts in the middle at `initialContentOffset`; calling `recentredOffset(_:)` when a
/// scroll ends moves it back to the middle by whole cycles, which nobody can see. Otherwise
/// the layout is a finite `SnapToCenterLayout` row.
public struct InfiniteLayout: FocusingLayout, Sendable {
  /// The options; setting them lays everything out again.
  public var options: Options {
    didSet { prepare(context) }
  }

  /// The context of the last `prepare(_:)` or `apply(_:)`.
  public private(set) var context = LayoutContext.empty
  var row = SnapRow.empty
  /// Whether the items repeat with the current context and options.
  public private(set) var isInfinite = false
  /// The slot of item 0 in the middle cycle (0 when finite).
  var homeSlot = 0

  /// Creates a layout with the given options; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Computes the geometry: the virtual cycles, or the finite row.
  ///
  /// - Complexity: O(1).
  public mutating func prepare(_ context: LayoutContext) {
    self.context = context
    let count = context.sections.first?.items.count ?? 0
    row = SnapToCenterLayout.row(options: options.row, context: context, count: count)
    homeSlot = 0
    isInfinite = false
    let pitch = row.line.pitch
    let cycle = pitch * Double(count)
    let viewport = row.line.viewportLength
    let repeats =
      options.repeatsItemsOnScreen && viewport <= pitch * Double(Self.maximumSlotsOnScreen)
    guard options.isInfiniteScrollEnabled, count > 0, cycle > 0,
      cycle > Self.cycleThreshold * viewport || repeats
    else { return }
    let wanted = max(Self.minimumVirtualLength, Self.minimumVirtualViewports * viewport)
    let affordable = Double(Self.maximumVirtualSlots / count)
    let cycles = Int(
      max(min((wanted / cycle).rounded(.up), affordable), Double(Self.minimumCycles)))
    let slots = cycles * count
    let contentLength = pitch * Double(slots)
    row.line.origin = 0
    row.line.count = slots
    row.line.contentLength = contentLength
    row.frame.contentLength = contentLength
    homeSlot = cycles / 2 * count
    isInfinite = true
  }

  /// Applies an update to the context and recomputes the geometry.
  ///
  /// - Complexity: O(1) beyond the update of the context itself.
  public mutating func apply(_ update: LayoutUpdate) {
    _ = context.apply(update)
    prepare(context)
  }

  /// The content size: a whole number of cycles along the axis when infinite.
  public var contentSize: Size { row.contentSize }

  /// Where a view should start: item 0 centred, in the middle of the virtual content when
  /// infinite.
  public var initialContentOffset: Point {
    row.offset(centring: homeSlot, cross: .zero)
  }

  /// An offset showing exactly what `offset` shows, moved by whole cycles to the cycle
  /// nearest the middle of the content; call it when a scroll ends. Finite: `offset` clamped.
  ///
  /// - Complexity: O(1).
  public func recentredOffset(_ offset: Point) -> Point {
    let logical = row.frame.logicalOffset(of: offset)
    guard isInfinite else {
      return row.frame.offset(logical: row.line.clampedOffset(logical), cross: offset)
    }
    let cycle = row.line.pitch * Double(row.itemCount)
    let home = row.line.centringOffset(of: homeSlot)
    let cycles = ((logical - home) / cycle).rounded(.toNearestOrEven)
    let shifted = row.line.clampedOffset(logical - cycles * cycle)
    return row.frame.offset(logical: shifted, cross: offset)
  }
}
