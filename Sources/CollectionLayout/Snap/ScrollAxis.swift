/// The axis along which a scroll-driven layout places its items and scrolls.
public enum ScrollAxis: Hashable, Sendable {
  /// Items in a row, scrolling left and right.
  case horizontal
  /// Items in a column, scrolling up and down.
  case vertical
}
