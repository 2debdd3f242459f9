/// The section chrome every vertical layout's options share, with
/// CHTCollectionViewWaterfallLayout's names: an inset around each section's items, and a
/// header and a footer, each with a height (0 means none) and an inset of its own.
///
/// One protocol so that whatever reads options (the `lots layout` spec, the WebAssembly
/// bridge) reads these five once for every layout.
public protocol SectionChromeOptions {
  /// The inset around each section's items.
  var sectionInset: Insets { get set }
  /// The default header height; 0 means no header.
  var headerHeight: Double { get set }
  /// The default footer height; 0 means no footer.
  var footerHeight: Double { get set }
  /// The inset around each header (applied only where there is a header).
  var headerInset: Insets { get set }
  /// The inset around each footer (applied only where there is a footer).
  var footerInset: Insets { get set }
}

extension SectionChromeOptions {
  /// The chrome, sanitised, as the engine uses it.
  var style: SectionStyle {
    SectionStyle(
      sectionInset: sectionInset, headerHeight: headerHeight, footerHeight: footerHeight,
      headerInset: headerInset, footerInset: footerInset)
  }
}
