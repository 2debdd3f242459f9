/// A vertical stack of tilted items, like Safari's tabs: items overlap, each one lower and in
/// front of the one before, rotated back about the X axis.
///
/// With m = min(n, 5) and the spacing Δ = (viewportHeight − insetTop − insetBottom) / m,
/// item i's frame starts at y = insetTop + Δ · i (centred horizontally). Its tilt θ is
/// interpolated by its position on screen t = clamp((y − offset.y) / viewportHeight, 0, 1)
/// from θ0 = −π/10 − (π/10) · (m − 1)/4 at the top to θmax = −π/2.5 at the bottom; with
/// r = itemHeight/2 + |zOffset / sin θ| it is translated by (0, −r(1 − cos θ), r · sin θ),
/// then rotated by θ, under the perspective m34 = −1/1000. Only section 0 is laid out.
public struct StackLayout: Layout, Sendable {
  /// The options; setting them lays everything out again.
  public var options: Options {
    didSet { prepare(context) }
  }

  /// The context of the last `prepare(_:)` or `apply(_:)`.
  public private(set) var context = LayoutContext.empty
  /// The number of items (section 0).
  var count = 0
  /// Δ, the distance between the tops of consecutive items.
  var spacing = 0.0
  var top = 0.0
  var bottom = 0.0
  var itemWidth = 0.0
  var itemHeight = 0.0
  var viewportWidth = 0.0
  var viewportHeight = 0.0
  var zOffset = 0.0

  /// Creates a layout with the given options; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Computes the spacing.
  ///
  /// - Complexity: O(1).
  public mutating func prepare(_ context: LayoutContext) {
    self.context = context
    count = context.sections.first?.items.count ?? 0
    top = options.sectionInsetTop.cappedLength
    bottom = options.sectionInsetBottom.cappedLength
    itemWidth = options.itemSize.width.cappedLength
    itemHeight = options.itemSize.height.cappedLength
    viewportWidth = context.viewport.width.cappedLength
    viewportHeight = context.viewport.height.cappedLength
    zOffset = min(
      max(options.zOffset.sanitizedCoordinate, -.maximumScrollLength),
      .maximumScrollLength)
    let shared = min(count, Self.visibleItemLimit)
    spacing = shared > 0 ? ((viewportHeight - top - bottom) / Double(shared)).sanitizedLength : 0
  }

  /// Applies an update to the context and recomputes the spacing.
  ///
  /// - Complexity: O(1) beyond the update of the context itself.
  public mutating func apply(_ update: LayoutUpdate) {
    _ = context.apply(update)
    prepare(context)
  }

  /// The content size: the viewport's width, and down to the last item's bottom plus the
  /// bottom inset (0 without items).
  public var contentSize: Size {
    let height = count > 0 ? frameTop(count - 1) + itemHeight + bottom : 0
    let grid = context.pixelGrid
    return Size(width: grid.round(viewportWidth), height: grid.round(height))
  }

  /// The top of item i's frame, before its transform.
  @inline(__always)
  func frameTop(_ item: Int) -> Double { top + spacing * Double(item) }

  /// Item i's frame before its transform, not rounded.
  @inline(__always)
  func frame(_ item: Int) -> Rect {
    Rect(
      x: (viewportWidth - itemWidth) / 2, y: frameTop(item), width: itemWidth,
      height: itemHeight)
  }

  /// θ0 = −π/10 − (π/10) · (min(n, 5) − 1)/4, the tilt at the top of the viewport.
  var initialTilt: Double {
    let shared = Double(max(min(count, Self.visibleItemLimit), 1))
    return -Double.pi / 10 - Double.pi / 10 * (shared - 1) / 4
  }
}
