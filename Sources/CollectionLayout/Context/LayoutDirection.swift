/// The writing direction a layout follows horizontally.
public enum LayoutDirection: Hashable, Sendable {
  /// Items flow from the left edge (English).
  case leftToRight
  /// Items flow from the right edge (Arabic, Hebrew): the whole geometry is mirrored.
  case rightToLeft
}
