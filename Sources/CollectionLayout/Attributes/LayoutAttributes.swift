/// Where and how one element is shown: the value a layout computes for every cell, header and
/// footer (the counterpart of `UICollectionViewLayoutAttributes`, as a value type).
public struct LayoutAttributes: Hashable, Sendable {
  /// Whether this is a cell, a header or a footer.
  public var kind: ElementKind
  /// The element's section and item (item 0 for headers and footers).
  public var path: ItemPath
  /// The frame in content coordinates, before `transform`.
  public var frame: Rect
  /// The stacking order; higher is in front.
  public var zIndex: Int
  /// The opacity, from 0 (transparent) to 1 (opaque).
  public var alpha: Double
  /// The transform applied about the frame's centre.
  public var transform: LayoutTransform

  /// Creates attributes; `zIndex`, `alpha` and `transform` default to identity values.
  public init(
    kind: ElementKind = .cell, path: ItemPath, frame: Rect, zIndex: Int = 0, alpha: Double = 1,
    transform: LayoutTransform = .identity
  ) {
    self.kind = kind
    self.path = path
    self.frame = frame
    self.zIndex = zIndex
    self.alpha = alpha
    self.transform = transform
  }
}
