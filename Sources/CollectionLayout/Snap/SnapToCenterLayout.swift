/// A single row (or column) of equal items that comes to rest with an item centred: the
/// layout of LNZSnapToCenterCollectionViewLayout, on either axis.
///
/// Item i starts at L + (itemLength + interitemSpacing) · i along the axis, where the leading
/// inset L is `max(minimum, viewportLength/2 − itemLength/2)` when `centerFirstItem`, else the
/// minimum; the trailing inset is `max(minimum, L)` when `centerFirstItem`. Only section 0 is
/// laid out (like LNZ, which supports one section; further sections are ignored rather than
/// fatal), and every item has `itemSize` whatever its natural size. Right-to-left mirrors a
/// horizontal row. The viewport is the visible area; content insets are not used.
///
/// ```swift
/// var layout = SnapToCenterLayout()
/// layout.prepare(LayoutContext(viewport: Size(width: 390, height: 200), sections: [section]))
/// let rest = layout.targetContentOffset(proposed: Point(x: 260, y: 0), velocity: .zero)
/// ```
public struct SnapToCenterLayout: FocusingLayout, Sendable {
  /// The options; setting them lays everything out again.
  public var options: Options {
    didSet { prepare(context) }
  }

  /// The context of the last `prepare(_:)` or `apply(_:)`.
  public private(set) var context = LayoutContext.empty
  var row = SnapRow.empty

  /// Creates a layout with the given options; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Computes the row's geometry.
  ///
  /// - Complexity: O(1): nothing is stored per item.
  public mutating func prepare(_ context: LayoutContext) {
    self.context = context
    let count = context.sections.first?.items.count ?? 0
    row = Self.row(options: options, context: context, count: count)
  }

  /// Applies an update to the context and recomputes the geometry.
  ///
  /// - Complexity: O(1) beyond the update of the context itself.
  public mutating func apply(_ update: LayoutUpdate) {
    _ = context.apply(update)
    prepare(context)
  }

  /// The content size: the insets and items along the axis, the insets and item thickness
  /// across it, rounded to pixels.
  public var contentSize: Size {
    row.contentSize
  }

  /// The row of a context: one slot per item, from the leading inset.
  static func row(options: Options, context: LayoutContext, count: Int) -> SnapRow {
    let (length, thickness) = options.itemExtents
    let spacing = options.interitemSpacing.cappedLength
    let (minimumLeading, minimumTrailing) = options.minimumLeadingAndTrailing
    let (before, after) = options.crossInsets
    let viewport = options.axis == .horizontal ? context.viewport.width : context.viewport.height
    let viewportLength = viewport.cappedLength
    let leading =
      options.centerFirstItem
      ? max(minimumLeading, viewportLength / 2 - length / 2) : minimumLeading
    let trailing = options.centerFirstItem ? max(minimumTrailing, leading) : minimumTrailing
    let pitch = length + spacing
    let items = count > 0 ? pitch * Double(count - 1) + length : 0
    let contentLength = leading + items + trailing
    let line = SlotLine(
      origin: leading, pitch: pitch, itemLength: length, count: count,
      viewportLength: viewportLength, contentLength: contentLength)
    let frame = RowFrame(
      axis: options.axis,
      isMirrored: options.axis == .horizontal && context.direction == .rightToLeft,
      itemLength: length, itemThickness: thickness, crossStart: before,
      crossLength: before + thickness + after, contentLength: contentLength,
      viewportLength: viewportLength)
    return SnapRow(line: line, frame: frame, grid: context.pixelGrid, itemCount: count)
  }
}
