/// Distances inwards from the four edges of a rectangle, in points.
///
/// Mirrors `UIEdgeInsets`: `left` is the leading edge in a left-to-right layout; layouts mirror
/// their whole geometry for right-to-left, so insets are always given for left-to-right.
public struct Insets: Hashable, Sendable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Creates insets from the four distances.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Creates insets with the same distance on every edge.
  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  /// No inset on any edge.
  public static let zero = Insets()

  /// The sum of the left and right insets.
  public var horizontal: Double { left + right }

  /// The sum of the top and bottom insets.
  public var vertical: Double { top + bottom }

  /// These insets with every non-finite or negative distance replaced by 0.
  ///
  /// Never inlined: read once per prepare or query, and each inlined copy of its four
  /// comparisons cost the WebAssembly module some 150 bytes.
  public var sanitized: Insets {
    @inline(never) get {
      Insets(
        top: top.sanitizedLength, left: left.sanitizedLength,
        bottom: bottom.sanitizedLength, right: right.sanitizedLength)
    }
  }
}
