/// An infinite snap-to-center row whose items shrink (and optionally fade) with their
/// distance from the viewport's centre: LNZCarouselCollectionViewLayout on either axis.
///
/// For an item whose centre is d from the viewport's centre along the axis,
/// scale = 1 + min(|d|, scalingOffset) · (minimumScaleFactor − 1) / scalingOffset and the
/// zIndex grows with the scale, so the focused item is in front. Frames are those of the
/// underlying `InfiniteLayout`; the scale is a transform about each frame's centre.
public struct CarouselLayout: FocusingLayout, Sendable {
  /// The options; setting them lays everything out again.
  public var options: Options {
    didSet { base.options = options.infinite }
  }

  var base: InfiniteLayout

  /// Creates a layout with the given options; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
    base = InfiniteLayout(options: options.infinite)
  }

  /// The context of the last `prepare(_:)` or `apply(_:)`.
  public var context: LayoutContext { base.context }

  /// Whether the items repeat with the current context and options.
  public var isInfinite: Bool { base.isInfinite }

  /// Computes the geometry.
  ///
  /// - Complexity: O(1).
  public mutating func prepare(_ context: LayoutContext) { base.prepare(context) }

  /// Applies an update to the context and recomputes the geometry.
  ///
  /// - Complexity: O(1) beyond the update of the context itself.
  public mutating func apply(_ update: LayoutUpdate) { base.apply(update) }

  /// Applies an update keeping the focused item focused (see
  /// `InfiniteLayout.apply(_:keepingFocusAt:)`).
  ///
  /// - Complexity: that of `apply(_:)` plus O(1).
  public mutating func apply(_ update: LayoutUpdate, keepingFocusAt offset: Point) -> Point {
    base.apply(update, keepingFocusAt: offset)
  }

  /// The content size (see `InfiniteLayout.contentSize`).
  public var contentSize: Size { base.contentSize }

  /// Where a view should start (see `InfiniteLayout.initialContentOffset`).
  public var initialContentOffset: Point { base.initialContentOffset }

  /// The same view moved to the middle cycle (see `InfiniteLayout.recentredOffset(_:)`).
  ///
  /// - Complexity: O(1).
  public func recentredOffset(_ offset: Point) -> Point { base.recentredOffset(offset) }

  /// The items whose frames intersect `rect`, scaled, stacked and faded for `offset`.
  ///
  /// - Complexity: O(k) for k items in the rect.
  public func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    var result = base.attributes(in: rect, offset: offset)
    let scaling = options.scaling
    for index in result.indices { decorate(&result[index], offset: offset, scaling: scaling) }
    return result
  }

  /// The attributes of one cell, scaled for `offset`.
  ///
  /// - Complexity: O(1).
  public func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    guard var attributes = base.attributes(of: kind, at: path, offset: offset) else {
      return nil
    }
    decorate(&attributes, offset: offset, scaling: options.scaling)
    return attributes
  }

  /// Where a scroll comes to rest (see `InfiniteLayout.targetContentOffset`).
  ///
  /// - Complexity: O(1).
  public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    base.targetContentOffset(proposed: proposed, velocity: velocity)
  }

  /// The item nearest the viewport's centre: the largest one.
  ///
  /// - Complexity: O(1).
  public func focusedItem(at offset: Point) -> ItemPath? { base.focusedItem(at: offset) }

  /// The offset that centres `path` (see `InfiniteLayout.contentOffset(focusing:near:)`).
  ///
  /// - Complexity: O(1).
  public func contentOffset(focusing path: ItemPath, near offset: Point) -> Point {
    base.contentOffset(focusing: path, near: offset)
  }

  /// The signed distance along the axis from the viewport's centre at `offset` to the centre
  /// of `frame`.
  func distance(of frame: Rect, offset: Point) -> Double {
    let viewport = base.row.line.viewportLength
    switch options.infinite.row.axis {
    case .horizontal: return frame.midX - (offset.x.sanitizedCoordinate + viewport / 2)
    case .vertical: return frame.midY - (offset.y.sanitizedCoordinate + viewport / 2)
    }
  }

  private func decorate(
    _ attributes: inout LayoutAttributes, offset: Point, scaling: CarouselScaling
  ) {
    let distance = distance(of: attributes.frame, offset: offset)
    let scale = scaling.scale(distance: distance)
    attributes.transform.scale = scale
    attributes.zIndex = CarouselScaling.zIndex(scale: scale)
    attributes.alpha = scaling.alpha(distance: distance)
  }
}
