/// Where an interactive movement took an item: the result of ``ItemMovement/end()``, what a
/// data source applies to its own list (`UICollectionViewDataSource.moveItem(at:to:)`).
public struct ItemMove: Hashable, Sendable {
  /// Where the item was when the movement began.
  public var from: ItemPath
  /// Where it is now: its index after removing it from `from` and inserting it here.
  public var to: ItemPath

  /// Creates a move.
  public init(from: ItemPath, to: ItemPath) {
    self.from = from
    self.to = to
  }

  /// Whether the item ends where it began.
  public var isIdentity: Bool { from == to }
}
