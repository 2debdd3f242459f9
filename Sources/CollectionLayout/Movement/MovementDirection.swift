/// A keyboard step of an interactive movement (``ItemMovement/step(_:)``): the arrow keys.
public enum MovementDirection: Hashable, Sendable, CaseIterable {
  /// One place back in reading order (forward in a right-to-left layout).
  case left
  /// One place forward in reading order (back in a right-to-left layout).
  case right
  /// To the item shown nearest above.
  case up
  /// To the item shown nearest below.
  case down
}
