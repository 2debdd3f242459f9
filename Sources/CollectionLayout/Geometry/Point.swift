/// A location in a two-dimensional coordinate space, in points.
///
/// The origin is the top-left corner of the content; y grows downwards.
public struct Point: Hashable, Sendable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point (0, 0).
  public static let zero = Point(x: 0, y: 0)
}
