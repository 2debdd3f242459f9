/// How stored geometry becomes attributes: mirrored for right-to-left, rounded to pixels,
/// headers pinned to the visible top when asked.
struct VerticalReader {
  var contentWidth: Double
  var isRightToLeft: Bool
  var grid: PixelGrid
  var pinsHeaders: Bool
  /// The y of the visible top edge, below the content inset (for pinned headers).
  var visibleTop: Double

  init(context: LayoutContext, pinsHeaders: Bool, offset: Point) {
    contentWidth = context.contentWidth
    isRightToLeft = context.direction == .rightToLeft
    grid = context.pixelGrid
    self.pinsHeaders = pinsHeaders
    visibleTop = offset.y.sanitizedCoordinate + context.contentInsets.sanitized.top
  }

  /// A stored frame as shown: mirrored, then rounded.
  @inline(__always)
  func shown(_ frame: Rect) -> Rect {
    var frame = frame
    if isRightToLeft { frame.origin.x = contentWidth - frame.maxX }
    return grid.round(frame)
  }

  func header(of section: SectionFrame, at index: Int) -> LayoutAttributes? {
    guard var frame = section.header else { return nil }
    if pinsHeaders {
      frame.origin.y = max(frame.minY, min(visibleTop, section.pinLimit - frame.height))
    }
    return LayoutAttributes(
      kind: .header, path: ItemPath(section: index, item: 0), frame: shown(frame), zIndex: 1)
  }

  func footer(of section: SectionFrame, at index: Int) -> LayoutAttributes? {
    guard let frame = section.footer else { return nil }
    return LayoutAttributes(
      kind: .footer, path: ItemPath(section: index, item: 0), frame: shown(frame), zIndex: 1)
  }
}

extension VerticalEngine {
  /// The attributes of every element intersecting `rect` at `offset`.
  ///
  /// - Complexity: O(log n + k) where k is the number of candidates in the chunks spanned by
  ///   the rect: the visible items plus at most two chunks of 64.
  func attributes(
    in rect: Rect, offset: Point, pinsHeaders: Bool
  ) -> [LayoutAttributes] {
    let reader = VerticalReader(context: context, pinsHeaders: pinsHeaders, offset: offset)
    let margin = reader.grid.scale > 0 ? 1 / reader.grid.scale : 0
    let low = rect.minY - margin
    let high = rect.maxY + margin
    guard !sections.isEmpty else { return [] }
    var result: [LayoutAttributes] = []
    var section = firstSection(endingAfter: low)
    while section < sections.count && sections[section].top < high {
      if let header = reader.header(of: sections[section], at: section),
        header.frame.intersects(rect)
      {
        result.append(header)
      }
      if let footer = reader.footer(of: sections[section], at: section),
        footer.frame.intersects(rect)
      {
        result.append(footer)
      }
      section += 1
    }
    let candidates = frames.candidates(minY: low, maxY: high)
    guard !candidates.isEmpty else { return result }
    section = sectionContaining(item: candidates.lowerBound)
    for index in candidates {
      while index >= sections[section].itemEnd { section += 1 }
      let frame = reader.shown(frames.frame(index))
      if frame.intersects(rect) {
        let path = ItemPath(section: section, item: index - sections[section].itemStart)
        result.append(LayoutAttributes(path: path, frame: frame))
      }
    }
    return result
  }

  /// The attributes of one element at `offset`, or `nil` if it does not exist.
  ///
  /// - Complexity: O(1).
  func attributes(
    of kind: ElementKind, at path: ItemPath, offset: Point, pinsHeaders: Bool
  ) -> LayoutAttributes? {
    guard sections.indices.contains(path.section) else { return nil }
    let reader = VerticalReader(context: context, pinsHeaders: pinsHeaders, offset: offset)
    let section = sections[path.section]
    switch kind {
    case .header: return path.item == 0 ? reader.header(of: section, at: path.section) : nil
    case .footer: return path.item == 0 ? reader.footer(of: section, at: path.section) : nil
    case .cell:
      guard path.item >= 0 && path.item < section.itemCount else { return nil }
      return LayoutAttributes(
        path: path, frame: reader.shown(frames.frame(section.itemStart + path.item)))
    }
  }

  /// The content size: the content width and the bottom of the last section (at least
  /// `minimumHeight`), rounded to pixels.
  func contentSize(minimumHeight: Double = 0) -> Size {
    let grid = context.pixelGrid
    return Size(
      width: grid.round(context.contentWidth),
      height: grid.round(max(contentHeight, minimumHeight.sanitizedLength)))
  }

  private func firstSection(endingAfter y: Double) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let middle = (low + high) >> 1
      if sections[middle].bottom > y { high = middle } else { low = middle + 1 }
    }
    return low
  }

  private func sectionContaining(item index: Int) -> Int {
    var low = 0
    var high = sections.count - 1
    while low < high {
      let middle = (low + high + 1) >> 1
      if sections[middle].itemStart <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
