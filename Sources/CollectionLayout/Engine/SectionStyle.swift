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
