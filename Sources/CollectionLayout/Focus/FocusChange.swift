/// A change of the focused item, as a `FocusTracker` reports it.
public struct FocusChange: Hashable, Sendable {
  /// The item focused before, or `nil` if none was.
  public var previous: ItemPath?
  /// The item focused now, or `nil` if none is (the collection became empty).
  public var current: ItemPath?

  /// Creates a change.
  public init(previous: ItemPath?, current: ItemPath?) {
    self.previous = previous
    self.current = current
  }
}
