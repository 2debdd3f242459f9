import CollectionLayout

/// Interactive movement benchmarks (issue 26): the reflow per pointer move while an item is
/// dragged through 1,000 entries, and the drop computation at 100,000, for the waterfall, grid
/// and mosaic; the baseline is a full `prepare` of the same items in the same run (what a view
/// without an incremental move would do on every change of target).
enum MovementBenchmarks {
  /// Written by every measured step, so the optimiser cannot drop the work.
  nonisolated(unsafe) static var sink = 0

  static func run() {
    for (name, layout) in layouts() {
      drag(name, layout, count: 1_000)
      drop(name, layout, count: 100_000)
    }
  }

  static func layouts() -> [(String, any Layout)] {
    var grid = GridLayout()
    grid.options.columns = .count(3)
    return [
      ("waterfall", LayoutBenchmarks.waterfall(columns: 3)), ("grid", grid),
      ("mosaic", MosaicLayout()),
    ]
  }

  static func prepared<L: Layout>(_ layout: L, count: Int) -> L {
    var layout = layout
    layout.prepare(LayoutBenchmarks.context(LayoutBenchmarks.photos(count)))
    return layout
  }

  static func baseline<L: Layout>(_ layout: L, count: Int) -> Harness.Result {
    let context = LayoutBenchmarks.context(LayoutBenchmarks.photos(count))
    return Harness.measure("prepare \(count)") {
      var fresh = layout
      fresh.prepare(context)
      sink &+= Int(fresh.contentSize.height)
    }
  }

  /// Item 500 of 1,000 carried from the top of the content to the bottom in 4-point pointer
  /// steps down the middle column (every move, whether or not the target changes), and the
  /// worst single change of target: between items 1 and 2, which reflows nearly everything.
  static func drag<L: Layout>(_ name: String, _ layout: L, count: Int) {
    let base = baseline(layout, count: count)
    let prepared = prepared(layout, count: count)
    let height = prepared.contentSize.height
    let steps = Int(height / 4)
    var movement = ItemMovement(prepared, item: ItemPath(section: 0, item: count / 2))
    let sweep = Harness.measureEach("\(name) \(count): per pointer move", batch: steps) {
      for step in 0..<steps {
        let y = step % 2 == 0 ? Double(step) * 4 : height - Double(step) * 4
        sink &+= movement.update(pointer: Point(x: 500, y: y)).item
      }
    }
    Harness.report(sweep, target: .milliseconds(1), baseline: base)
    var toggle = false
    let change = Harness.measure("\(name) \(count): target change at item 1") {
      toggle.toggle()
      sink &+= movement.move(to: toggle ? 1 : 2).item
    }
    Harness.report(change, target: .milliseconds(1), baseline: base)
  }

  /// At 100,000 items: the change of target that a drop commits, near the top (item 100 to
  /// 101: the reflow of everything after it) and in the middle (50,000 to 50,001), and the
  /// drop itself (`end()`, O(1): the layout is already reflowed).
  static func drop<L: Layout>(_ name: String, _ layout: L, count: Int) {
    let base = baseline(layout, count: count)
    var movement = ItemMovement(
      prepared(layout, count: count), item: ItemPath(section: 0, item: 100))
    for start in [100, count / 2] {
      var toggle = false
      let result = Harness.measure("\(name) \(count): move at item \(start)") {
        toggle.toggle()
        sink &+= movement.move(to: toggle ? start + 1 : start).item
      }
      Harness.report(result, baseline: base)
    }
    // The same change of target near the top as two updates that existed before `moveItem`.
    var plain = prepared(layout, count: count)
    let item = plain.context.sections[0].items[100]
    let pair = Harness.measure("\(name) \(count): delete + insert at 100") {
      plain.apply(.deleteItems(section: 0, range: 100..<101))
      plain.apply(.insertItems([item], section: 0, at: 101))
      sink &+= Int(plain.contentSize.height)
    }
    Harness.report(pair, baseline: base)
    let end = Harness.measureEach("\(name) \(count): end()", batch: 1000) {
      for _ in 0..<1000 { sink &+= movement.end().move.to.item }
    }
    Harness.report(end, baseline: base)
  }
}
