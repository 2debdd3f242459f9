import CollectionLayout

/// The context `lots_layout_prepare` reads: viewport width and height, content insets ×4,
/// display scale, right-to-left flag, section count S, then S × (item count, header height,
/// footer height; NaN means the layout's default). The items, all sections' in order, are the
/// staged ones (`StagedItems`); their count must be the sum of the sections'.
package enum StagedContext {
  /// Prepares `box` with the context in `input`; false (and the box untouched) when the section
  /// counts do not add up to the staged items or the input is too short for its section count.
  ///
  /// - Complexity: O(S + n) for S sections and n staged items (none copied when there is one
  ///   section).
  @inline(__always)
  package static func prepare(_ box: LayoutBox, from input: inout InputReader) -> Bool {
    let viewport = Size(width: input.next(), height: input.next())
    var insets = Insets.zero
    input.insets("contentInsets", &insets)
    var context = LayoutContext(
      viewport: viewport, contentInsets: insets, displayScale: input.next(),
      direction: input.nextBool() ? .rightToLeft : .leftToRight)
    // Int is 32 bits on wasm32: compare by division so that hostile counts cannot overflow.
    let sectionCount = input.nextInt()
    guard sectionCount >= 0 && sectionCount <= input.remaining / 3 else { return false }
    var counts: [Int] = []
    for _ in 0..<sectionCount {
      let items = input.nextInt()
      let header = input.next()
      let footer = input.next()
      counts.append(max(items, 0))
      context.sections.append(
        LayoutSection(
          headerHeight: header.isNaN ? nil : header, footerHeight: footer.isNaN ? nil : footer))
    }
    var total = 0
    for items in counts {
      guard items <= StagedItems.items.count - total else { return false }
      total += items
    }
    guard total == StagedItems.items.count else { return false }
    var start = 0
    for (section, items) in counts.enumerated() {
      context.sections[section].items = StagedItems.take(from: start, count: items)
      start += items
    }
    box.prepare(context)
    return true
  }
}
