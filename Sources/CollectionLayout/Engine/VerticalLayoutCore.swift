/// Everything a vertical layout (waterfall, mosaic, grid) does but place its items: the engine,
/// the placer built from the layout's options, and the two options that shape queries. Each
/// public layout holds one and forwards the `Layout` requirements to it.
struct VerticalLayoutCore: Sendable {
  private var engine = VerticalEngine()
  /// Built once per set of options (the mosaic resolves its pattern here), not per update.
  private var placer: any VerticalPlacer
  private var pinsHeaders: Bool
  private var minimumContentHeight: Double

  init(_ placer: any VerticalPlacer, pinsHeaders: Bool = false, minimumContentHeight: Double = 0) {
    self.placer = placer
    self.pinsHeaders = pinsHeaders
    self.minimumContentHeight = minimumContentHeight
  }

  /// The same layout with new options: everything is laid out again for the current context.
  ///
  /// - Complexity: O(n) for n items.
  mutating func replace(
    _ placer: any VerticalPlacer, pinsHeaders: Bool = false, minimumContentHeight: Double = 0
  ) {
    self.placer = placer
    self.pinsHeaders = pinsHeaders
    self.minimumContentHeight = minimumContentHeight
    prepare(engine.context)
  }

  var context: LayoutContext { engine.context }

  /// - Complexity: O(n) for n items (O(n · c) for a waterfall of c columns).
  mutating func prepare(_ context: LayoutContext) {
    engine.prepare(context, placer: placer)
  }

  /// - Complexity: O(k) to append k items; O(m) for m items after a change.
  mutating func apply(_ update: LayoutUpdate) {
    engine.apply(update, placer: placer)
  }

  var contentSize: Size { engine.contentSize(minimumHeight: minimumContentHeight) }

  /// - Complexity: O(log n + k) for k elements near the rect.
  func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    engine.attributes(in: rect, offset: offset, pinsHeaders: pinsHeaders)
  }

  /// - Complexity: O(1).
  func attributes(of kind: ElementKind, at path: ItemPath, offset: Point) -> LayoutAttributes? {
    engine.attributes(of: kind, at: path, offset: offset, pinsHeaders: pinsHeaders)
  }

  var allocatedBytes: Int { engine.allocatedBytes }
}
