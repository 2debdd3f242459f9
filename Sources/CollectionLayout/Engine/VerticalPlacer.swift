/// The one thing that differs between the vertical layouts (waterfall, mosaic, grid): how the
/// items of one section are placed between its insets.
///
/// Class-bound so that the engine calls it through one existential rather than being
/// specialised per layout: dispatch happens once per section, and the WebAssembly module
/// carries one copy of the engine.
protocol VerticalPlacer: AnyObject, Sendable {
  /// The section chrome (header, footer, insets), sanitised once when the placer is made.
  var style: SectionStyle { get }

  /// Appends to `frames` the frames of items `start...` of section `section`, resuming after
  /// items `0..<start` already stored from `sectionStart`, and returns the bottom of the
  /// section's items (or `itemsTop` when it has none).
  ///
  /// - Parameters:
  ///   - itemsTop: the y where items begin (below the header and the section's top inset).
  func placeItems(
    section: Int, from start: Int, sectionStart: Int, itemsTop: Double,
    context: LayoutContext, frames: inout FrameStore
  ) -> Double
}
