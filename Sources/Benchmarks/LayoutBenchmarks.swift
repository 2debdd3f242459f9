import CollectionLayout

/// Layout engine benchmarks (issue "Toolkit foundation"): waterfall prepare, visible-rect
/// queries and appending a page, each beside the CHT-style baseline in the same run.
enum LayoutBenchmarks {
  static let width = 1000.0

  /// Photos with varied aspect ratios from a fixed-seed generator.
  static func photos(_ count: Int) -> [LayoutItem] {
    var state: UInt64 = 42
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let ratio = 0.5 + Double(state >> 40) / Double(1 << 24) * 1.5
      return LayoutItem(width: 1000, height: 1000 * ratio)
    }
  }

  static func context(_ items: [LayoutItem]) -> LayoutContext {
    LayoutContext(
      viewport: Size(width: width, height: 800), displayScale: 2,
      sections: [LayoutSection(items: items)])
  }

  static func waterfall(columns: Int) -> WaterfallLayout {
    var layout = WaterfallLayout()
    layout.options.columnCount = columns
    return layout
  }

  static func run() {
    prepare()
    query()
    append()
  }

  static func prepare() {
    for count in [10_000, 100_000, 1_000_000] {
      let items = photos(count)
      let context = context(items)
      let floor = Harness.measure("floor: touching \(count * 34 / 1000) kB of new memory") {
        touchFreshMemory(bytes: count * 34)
      }
      Harness.report(floor)
      for columns in [2, 5] {
        let ours = Harness.measure("waterfall prepare \(count) items, \(columns) columns") {
          var layout = waterfall(columns: columns)
          layout.prepare(context)
          blackHole(layout)
        }
        let baseline = Harness.measure("CHT objects", minimumRuns: count >= 1_000_000 ? 3 : 5) {
          var chtLayout = CHTBaseline()
          chtLayout.prepare(items, columns: columns, width: width, spacing: 10)
          blackHole(chtLayout)
        }
        var reused = waterfall(columns: columns)
        let again = Harness.measure("  re-prepare (same layout, storage reused)") {
          reused.prepare(context)
        }
        let target: Duration? =
          count == 100_000 ? .milliseconds(2) : count == 1_000_000 ? .milliseconds(25) : nil
        Harness.report(ours, target: target, baseline: baseline)
        Harness.report(again, target: target, baseline: baseline)
      }
      var layout = waterfall(columns: 2)
      layout.prepare(context)
      let bytes = Double(layout.allocatedBytes) / Double(count)
      print(
        "  layout state: \(Harness.rounded(bytes, 1)) bytes/item (target ≤ 48); "
          + "CHT objects: \(NaiveAttributes.bytesPerItem) bytes/item")
    }
  }

  /// Allocates and writes one byte per 4 KiB page of `bytes` of fresh memory: what any layout
  /// storing that much state pays the kernel on its first pass, whatever its algorithm.
  static func touchFreshMemory(bytes: Int) {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
    var page = 0
    while page < bytes {
      memory.storeBytes(of: 1, toByteOffset: page, as: UInt8.self)
      page += 4096
    }
    blackHole(memory.load(fromByteOffset: bytes / 2, as: UInt8.self))
    memory.deallocate()
  }

  static func query() {
    for count in [100_000, 1_000_000] {
      let items = photos(count)
      var layout = waterfall(columns: 2)
      layout.prepare(context(items))
      var chtLayout = CHTBaseline()
      chtLayout.prepare(items, columns: 2, width: width, spacing: 10)
      let height = layout.contentSize.height
      let rects = (0..<1000).map { index in
        Rect(x: 0, y: height * Double(index) / 1000, width: width, height: 800)
      }
      let ours = Harness.measureEach("visible-rect query at \(count)", batch: rects.count) {
        for rect in rects { blackHole(layout.attributes(in: rect)) }
      }
      let baseline = Harness.measureEach("CHT union scan", batch: rects.count) {
        for rect in rects { blackHole(chtLayout.attributes(in: rect)) }
      }
      let visible = layout.attributes(in: rects[500]).count
      Harness.report(
        ours, target: count == 100_000 ? .microseconds(2) : .microseconds(10), baseline: baseline)
      print("  (\(visible) elements per 1000×800 viewport)")
    }
  }

  static func append() {
    let items = photos(100_000 + 200 * 100)
    let start = Array(items[..<100_000])
    var layout = waterfall(columns: 2)
    layout.prepare(context(start))
    var chtItems = start
    var pages: [[LayoutItem]] = []
    for page in 0..<200 {
      let low = 100_000 + page * 100
      pages.append(Array(items[low..<(low + 100)]))
    }
    var next = 0
    let ours = Harness.measure("append 100 items to 100k", minimumRuns: 150, maximumRuns: 199) {
      layout.apply(
        .insertItems(pages[next], section: 0, at: layout.context.sections[0].items.count))
      next += 1
    }
    var chtNext = 0
    let baseline = Harness.measure("CHT full relayout", minimumRuns: 10, maximumRuns: 20) {
      chtItems += pages[chtNext]
      chtNext += 1
      var chtLayout = CHTBaseline()
      chtLayout.prepare(chtItems, columns: 2, width: width, spacing: 10)
      blackHole(chtLayout)
    }
    Harness.report(ours, target: .microseconds(10), baseline: baseline)
  }
}
