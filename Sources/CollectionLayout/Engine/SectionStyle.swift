/// The per-section chrome every vertical layout shares: header and footer heights with their
/// insets, and the inset around the items (CHTCollectionViewWaterfallLayout's names).
///
/// A header or footer exists only when its height is positive; its insets apply only then.
struct SectionStyle: Hashable, Sendable {
  var sectionInset: Insets
  var headerHeight: Double
  var footerHeight: Double
  var headerInset: Insets
  var footerInset: Insets

  @inline(never)
  init(
    sectionInset: Insets, headerHeight: Double, footerHeight: Double, headerInset: Insets,
    footerInset: Insets
  ) {
    self.sectionInset = sectionInset.sanitized
    self.headerHeight = headerHeight.sanitizedLength
    self.footerHeight = footerHeight.sanitizedLength
    self.headerInset = headerInset.sanitized
    self.footerInset = footerInset.sanitized
  }
}

extension Insets {
  /// The left edge and width of the band these insets leave inside `width`.
  ///
  /// Insets wider than the content are shrunk so nothing is ever placed outside it: the left
  /// inset takes what it can of the width, then the right inset what remains.
  func horizontalBand(in width: Double) -> (left: Double, width: Double) {
    let left = min(self.left.sanitizedLength, width)
    let right = min(self.right.sanitizedLength, width - left)
    return (left, width - left - right)
  }
}
