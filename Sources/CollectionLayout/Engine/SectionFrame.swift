/// The laid-out geometry of one section, in left-to-right, unrounded content coordinates.
struct SectionFrame: Sendable {
  /// The flat index of the section's first item in the `FrameStore`.
  var itemStart: Int
  /// The number of items.
  var itemCount: Int
  /// Where the section begins (the previous section's bottom).
  var top: Double
  /// The header's frame, if the section has one.
  var header: Rect?
  /// How far down a pinned header may travel: the end of the items plus the section inset.
  var pinLimit: Double
  /// The footer's frame, if the section has one.
  var footer: Rect?
  /// Where the section ends (the next section's top).
  var bottom: Double

  var itemEnd: Int { itemStart + itemCount }
}
