import CollectionLayout
import PropertyTesting

/// The invariants every vertical layout must keep for any input; each check returns a
/// description of the first violation, or `nil`.
enum LayoutInvariants {
  /// Every element gathered one at a time through `attributes(of:at:offset:)`: an oracle that
  /// does not go through the rect index.
  static func allElements<L: Layout>(_ layout: L, offset: Point) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for (section, data) in layout.context.sections.enumerated() {
      for kind in [ElementKind.header, .footer] {
        if let element = layout.attributes(
          of: kind, at: ItemPath(section: section, item: 0), offset: offset)
        {
          result.append(element)
        }
      }
      for item in data.items.indices {
        if let element = layout.attributes(
          of: .cell, at: ItemPath(section: section, item: item), offset: offset)
        {
          result.append(element)
        }
      }
    }
    return sorted(result)
  }

  static func sorted(_ elements: [LayoutAttributes]) -> [LayoutAttributes] {
    func rank(_ kind: ElementKind) -> Int { kind == .header ? 0 : kind == .cell ? 1 : 2 }
    return elements.sorted {
      ($0.path.section, rank($0.kind), $0.path.item) < (
        $1.path.section, rank($1.kind), $1.path.item
      )
    }
  }

  static func isFinite(_ rect: Rect) -> Bool {
    rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
  }

  /// No NaN, no overlapping cells, every frame inside the content size, every cell present.
  static func checkGeometry<L: Layout>(_ layout: L, offset: Point) -> String? {
    let size = layout.contentSize
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      return "content size \(size)"
    }
    let all = allElements(layout, offset: offset)
    let cells = all.filter { $0.kind == .cell }
    guard cells.count == layout.context.itemCount else {
      return "\(cells.count) cells for \(layout.context.itemCount) items"
    }
    let tolerance = 1e-9 * max(1, size.width, size.height)
    for element in all {
      let frame = element.frame
      guard isFinite(frame), frame.width >= 0, frame.height >= 0 else {
        return "bad frame \(frame) of \(element.kind) \(element.path)"
      }
      guard frame.minX >= -tolerance, frame.minY >= -tolerance,
        frame.maxX <= size.width + tolerance, frame.maxY <= size.height + tolerance
      else { return "\(element.kind) \(element.path) frame \(frame) outside content \(size)" }
    }
    let byTop = cells.sorted { $0.frame.minY < $1.frame.minY }
    for (index, cell) in byTop.enumerated() {
      var next = index + 1
      while next < byTop.count && byTop[next].frame.minY < cell.frame.maxY - tolerance {
        let other = byTop[next].frame
        if cell.frame.minX < other.maxX - tolerance && other.minX < cell.frame.maxX - tolerance
          && other.minY < cell.frame.maxY - tolerance && cell.frame.minY < other.maxY - tolerance
        {
          return "cells \(cell.path) \(cell.frame) and \(byTop[next].path) \(other) overlap"
        }
        next += 1
      }
    }
    return nil
  }

  /// `attributes(in:offset:)` equals a brute-force filter of all elements, for random rects.
  static func checkQueries<L: Layout>(
    _ layout: L, offset: Point, random: inout SplitMix64, count: Int = 4
  ) -> String? {
    let all = allElements(layout, offset: offset)
    let size = layout.contentSize
    for _ in 0..<count {
      let x = Double.random(in: -50...(size.width + 50), using: &random)
      let y = Double.random(in: -50...(size.height + 50), using: &random)
      let rect = Rect(
        x: x, y: y, width: random.chance(0.1) ? 0 : Double.random(in: 0...900, using: &random),
        height: random.chance(0.1) ? 0 : Double.random(in: 0...1500, using: &random))
      let expected = all.filter { $0.frame.intersects(rect) }
      let actual = sorted(layout.attributes(in: rect, offset: offset))
      if actual != expected {
        return
          "query \(rect) at \(offset): \(actual.count) elements, brute force \(expected.count)"
      }
    }
    return nil
  }

  /// Right-to-left is left-to-right mirrored about the content width (without rounding).
  static func checkMirrored<L: Layout>(_ make: () -> L, context: LayoutContext) -> String? {
    var context = context
    context.displayScale = 0
    context.direction = .leftToRight
    var ltr = make()
    ltr.prepare(context)
    context.direction = .rightToLeft
    var rtl = make()
    rtl.prepare(context)
    let width = context.contentWidth
    let left = allElements(ltr, offset: .zero)
    let right = allElements(rtl, offset: .zero)
    guard left.count == right.count else { return "mirrored count differs" }
    for (a, b) in zip(left, right) {
      let mirroredX = width - a.frame.maxX
      guard a.path == b.path, a.kind == b.kind, a.frame.minY == b.frame.minY,
        abs(mirroredX - b.frame.minX) <= 1e-9 * max(1, width), a.frame.size == b.frame.size
      else { return "RTL \(b.kind) \(b.path) \(b.frame) is not LTR \(a.frame) mirrored" }
    }
    return nil
  }

  /// An incremental update gives exactly what a full prepare of the updated context gives.
  static func checkIncremental<L: Layout>(
    _ make: () -> L, context: LayoutContext, random: inout SplitMix64
  ) -> String? {
    var layout = make()
    var base = context
    let update = randomUpdate(&base, random: &random)
    layout.prepare(base)
    layout.apply(update)
    var fresh = make()
    fresh.prepare(layout.context)
    let offset = Point(x: 0, y: Double.random(in: 0...2000, using: &random))
    guard layout.contentSize == fresh.contentSize,
      allElements(layout, offset: offset) == allElements(fresh, offset: offset)
    else { return "incremental \(update) differs from a full prepare" }
    return checkQueries(layout, offset: offset, random: &random, count: 2)
  }

  /// Picks an update and adjusts `context` to the state before it (for appends, the context
  /// without the appended page, so that the update brings it back).
  static func randomUpdate(_ context: inout LayoutContext, random: inout SplitMix64)
    -> LayoutUpdate
  {
    let sections = context.sections.count
    guard sections > 0 else {
      return .insertSections([RandomLayouts.section(&random)], at: 0)
    }
    let section = Int.random(in: 0..<sections, using: &random)
    let count = context.sections[section].items.count
    switch Int.random(in: 0..<8, using: &random) {
    case 0, 1:
      let kept = Int.random(in: 0...count, using: &random)
      let page = Array(context.sections[section].items[kept...])
      context.sections[section].items.removeSubrange(kept...)
      return .insertItems(page, section: section, at: kept)
    case 2:
      let at = Int.random(in: 0...count, using: &random)
      return .insertItems(
        (0..<Int.random(in: 1...5, using: &random)).map { _ in RandomLayouts.item(&random) },
        section: section, at: at)
    case 3:
      let low = Int.random(in: 0...count, using: &random)
      return .deleteItems(
        section: section, range: low..<Int.random(in: low...count, using: &random))
    case 4 where count > 0:
      return .replaceItem(
        RandomLayouts.item(&random),
        at: ItemPath(section: section, item: Int.random(in: 0..<count, using: &random)))
    case 5:
      return .insertSections(
        [RandomLayouts.section(&random)], at: Int.random(in: 0...sections, using: &random))
    case 6:
      return .deleteSections(section..<(section + 1))
    default:
      let width =
        random.chance(0.5)
        ? context.viewport.width : RandomLayouts.length(&random, typical: 100...1400)
      return .resizeViewport(
        Size(width: width, height: RandomLayouts.length(&random, typical: 1...900)))
    }
  }
}
