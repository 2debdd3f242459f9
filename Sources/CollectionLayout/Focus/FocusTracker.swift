/// Follows the focused item while a view scrolls and reports each real change exactly once:
/// LNZ's `FocusChangeDelegate` (`willChangeElement`, `didChangeElement`) as a value type.
///
/// Feed it the focused item on every scroll frame; it calls `willChange` before and
/// `didChange` after recording a new item, and also returns the change, so a caller can use
/// either. Nothing is reported while the item stays the same.
///
/// ```swift
/// var tracker = FocusTracker(didChange: { change in print(change.current?.item ?? -1) })
/// tracker.update(layout, offset: scrollView.contentOffset)
/// ```
public struct FocusTracker {
  /// The focused item after the last update, `nil` before the first or when empty.
  public private(set) var focusedItem: ItemPath?
  /// Called before a change is recorded (`focusedItem` is still the previous item).
  public var willChange: ((FocusChange) -> Void)?
  /// Called after a change is recorded.
  public var didChange: ((FocusChange) -> Void)?

  /// Creates a tracker, optionally with the item already focused (say after restoring state).
  public init(
    focusedItem: ItemPath? = nil, willChange: ((FocusChange) -> Void)? = nil,
    didChange: ((FocusChange) -> Void)? = nil
  ) {
    self.focusedItem = focusedItem
    self.willChange = willChange
    self.didChange = didChange
  }

  /// Records the item focused now; returns the change, or `nil` if it is the same item.
  ///
  /// - Complexity: O(1) plus the callbacks.
  @discardableResult
  public mutating func update(focusedItem item: ItemPath?) -> FocusChange? {
    guard item != focusedItem else { return nil }
    let change = FocusChange(previous: focusedItem, current: item)
    willChange?(change)
    focusedItem = item
    didChange?(change)
    return change
  }

  /// Records the item a layout focuses at a content offset.
  ///
  /// - Complexity: O(1) for the layouts of this module, plus the callbacks.
  @discardableResult
  public mutating func update<L: FocusingLayout>(_ layout: L, offset: Point) -> FocusChange? {
    update(focusedItem: layout.focusedItem(at: offset))
  }
}
