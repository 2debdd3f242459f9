/// An interactive movement of one item, by drag and drop or by the keyboard: the layout is
/// reflowed live around the item as it is carried, as `UICollectionView` does between
/// `beginInteractiveMovementForItem(at:)` and `endInteractiveMovement()`.
///
/// The movement owns the layout while it lasts. ``layout`` is always the list with the item
/// moved to ``target``, a layout like any other: the view queries it with
/// ``Layout/attributes(in:offset:)`` every frame, and the item's own frame in it
/// (``placeholderFrame``) is exactly where it will land. A change of target is one
/// ``LayoutUpdate/moveItem(section:from:to:)``, which the vertical layouts apply from the lower
/// of the two indices on, so a reflow costs what an insert there would.
///
/// ```swift
/// var movement = ItemMovement(layout, item: ItemPath(section: 0, item: 3))
/// movement.update(pointer: Point(x: 120, y: 900))   // on every pointer move
/// let visible = movement.layout.attributes(in: viewport)
/// let (move, reflowed) = movement.end()             // or `movement.cancel()`
/// ```
///
/// Moves stay within the item's section. The pointer rule and the keyboard steps are
/// described at ``update(pointer:)`` and ``step(_:)``; the movement is meant for the vertical
/// layouts (``WaterfallLayout``, ``GridLayout``, ``MosaicLayout``), whose frames do not depend
/// on the scroll offset, and works with any layout whose frames do not.
public struct ItemMovement<L: Layout> {
  /// The layout with the item at ``target``: what the view shows while the movement lasts.
  public private(set) var layout: L
  /// Where the item was when the movement began.
  public let origin: ItemPath
  /// Where the item is in ``layout``, and would land if dropped now.
  public private(set) var target: ItemPath
  /// The number of items in the item's section.
  public let itemCount: Int
  /// How far, in points, the pointer must travel from where it last changed the target before
  /// it may change it again (see ``update(pointer:)``).
  public let hysteresis: Double
  /// Whether left and right are mirrored (the layout's context is right-to-left).
  let isRightToLeft: Bool
  /// Where the pointer was when it last changed the target; `nil` until it has.
  var anchor: Point?

  /// Begins moving an item of a prepared layout.
  ///
  /// - Parameters:
  ///   - layout: The prepared layout; the movement owns it until ``end()`` or ``cancel()``
  ///     give it back.
  ///   - item: The item picked up.
  ///   - hysteresis: How far the pointer must travel between two changes of target; a
  ///     negative, NaN or infinite value counts as 0.
  /// - Precondition: `item` exists in the layout's context.
  /// - Complexity: O(1).
  public init(_ layout: L, item: ItemPath, hysteresis: Double = 8) {
    let context = layout.context
    precondition(context.sections.indices.contains(item.section), "section out of range")
    let count = context.sections[item.section].items.count
    precondition(item.item >= 0 && item.item < count, "item out of range")
    itemCount = count
    isRightToLeft = context.direction == .rightToLeft
    self.hysteresis = hysteresis.isFinite ? max(hysteresis, 0) : 0
    self.layout = layout
    origin = item
    target = item
  }

  /// The move so far: from ``origin`` to ``target``.
  public var move: ItemMove { ItemMove(from: origin, to: target) }

  /// The item's frame in ``layout``: where it lands if dropped now (the view shows a
  /// placeholder there and the item itself under the pointer).
  ///
  /// - Complexity: That of ``Layout/attributes(of:at:offset:)``: O(1) in the vertical layouts.
  public var placeholderFrame: Rect {
    layout.attributes(at: target)?.frame ?? .zero
  }

  /// Moves the item to `index` of its section (clamped to the section), reflowing the layout.
  ///
  /// - Returns: The new target.
  /// - Complexity: O(1) when the target does not change; otherwise that of applying
  ///   ``LayoutUpdate/moveItem(section:from:to:)``: O(*m*) in the vertical layouts for the *m*
  ///   items from the lower of the old and new index to the end of the content.
  @discardableResult
  public mutating func move(to index: Int) -> ItemPath {
    let clamped = min(max(index, 0), itemCount - 1)
    guard clamped != target.item else { return target }
    layout.apply(.moveItem(section: origin.section, from: target.item, to: clamped))
    target.item = clamped
    return target
  }

  /// Drops the item at ``target``.
  ///
  /// - Returns: The move, for the data source to apply to its list, and the reflowed layout,
  ///   which equals a fresh `prepare` of the reordered items. Dropped where it began, the
  ///   layout is exactly the one the movement began with.
  /// - Complexity: O(1).
  public func end() -> (move: ItemMove, layout: L) {
    (move, layout)
  }

  /// Puts the item back where it began.
  ///
  /// - Returns: The layout as it was before the movement, attribute for attribute.
  /// - Complexity: That of ``move(to:)`` back to ``origin``.
  public mutating func cancel() -> L {
    move(to: origin.item)
    anchor = nil
    return layout
  }
}
