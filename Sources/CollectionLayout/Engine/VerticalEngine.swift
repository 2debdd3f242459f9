/// The storage and queries shared by every vertically scrolling layout: item frames, section
/// frames, and a driver that (re)computes them from any item on with a `VerticalPlacer`.
struct VerticalEngine: Sendable {
  private(set) var context = LayoutContext.empty
  private(set) var frames = FrameStore()
  private(set) var sections: [SectionFrame] = []
  /// The bottom of the last section.
  var contentHeight: Double { sections.last?.bottom ?? 0 }

  /// Bytes of memory reserved for item and section geometry.
  var allocatedBytes: Int {
    frames.allocatedBytes + sections.capacity * MemoryLayout<SectionFrame>.stride
  }

  /// Recomputes everything for `context`.
  ///
  /// - Complexity: O(n) for n items.
  mutating func prepare(
    _ context: LayoutContext, placer: any VerticalPlacer
  ) {
    self.context = context
    frames.removeAll()
    frames.reserveCapacity(context.itemCount)
    sections = []
    sections.reserveCapacity(context.sections.count)
    relayout(from: ItemPath(section: 0, item: 0), placer: placer)
  }

  /// Applies an incremental update to the context and recomputes what it can move.
  ///
  /// - Complexity: O(k) to append k items to the last section; O(m) for an insert, delete or
  ///   resize with m items after it; O(1) for a viewport height change; O(n) for a width change.
  mutating func apply(
    _ update: LayoutUpdate, placer: any VerticalPlacer
  ) {
    switch context.apply(update) {
    case .viewportHeight: break
    case .everything: prepare(context, placer: placer)
    case .from(let path): relayout(from: path, placer: placer)
    }
  }

  /// Recomputes everything from item `path.item` of section `path.section` on, keeping what
  /// comes before it.
  ///
  /// - Complexity: O(m) for the m items from `path` to the end, plus the placer's cost of
  ///   resuming (O(columns) for the waterfall).
  mutating func relayout(
    from path: ItemPath, placer: any VerticalPlacer
  ) {
    // Sections before `path.section` keep their frames; so do the items before `path.item`,
    // as far as both the stored frames and the (already updated) context still have them.
    var section = min(max(path.section, 0), sections.count, context.sections.count)
    var start =
      section < sections.count && section < context.sections.count
      ? min(max(path.item, 0), sections[section].itemCount, context.sections[section].items.count)
      : 0
    let itemStart = section < sections.count ? sections[section].itemStart : frames.count
    frames.truncate(to: itemStart + start)
    sections.removeSubrange(section...)
    while section < context.sections.count {
      placeSection(section, from: start, placer: placer)
      section += 1
      start = 0
    }
  }

  private mutating func placeSection(
    _ index: Int, from start: Int, placer: any VerticalPlacer
  ) {
    let style = placer.style
    let data = context.sections[index]
    let width = context.contentWidth
    let top = sections.last?.bottom ?? 0
    let itemStart = sections.last?.itemEnd ?? 0
    var y = top
    var header: Rect?
    let headerHeight = data.headerHeight?.sanitizedLength ?? style.headerHeight
    if headerHeight > 0 {
      let inset = style.headerInset
      let band = inset.horizontalBand(in: width)
      let frame = Rect(x: band.left, y: y + inset.top, width: band.width, height: headerHeight)
      header = frame
      y = frame.maxY + inset.bottom
    }
    let itemsTop = y + style.sectionInset.top
    let itemsBottom = placer.placeItems(
      section: index, from: start, sectionStart: itemStart, itemsTop: itemsTop, context: context,
      frames: &frames)
    y = itemsBottom + style.sectionInset.bottom
    let pinLimit = y
    var footer: Rect?
    let footerHeight = data.footerHeight?.sanitizedLength ?? style.footerHeight
    if footerHeight > 0 {
      let inset = style.footerInset
      let band = inset.horizontalBand(in: width)
      let frame = Rect(x: band.left, y: y + inset.top, width: band.width, height: footerHeight)
      footer = frame
      y = frame.maxY + inset.bottom
    }
    sections.append(
      SectionFrame(
        itemStart: itemStart, itemCount: data.items.count, top: top, header: header,
        pinLimit: pinLimit, footer: footer, bottom: y))
  }
}
