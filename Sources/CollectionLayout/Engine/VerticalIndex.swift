/// Chunk summaries over item frames in index order that answer "which items can intersect the
/// band of y from `minY` to `maxY`" in O(log n), for any layout whose items trend downwards.
///
/// Items are grouped in chunks of 64. Per chunk it keeps the smallest top, the running maximum
/// of bottoms over all chunks up to it, and the running minimum of tops over all chunks from it
/// on. Both running values are monotonic, so two binary searches bound the candidates; only
/// the items of the chunks between them are tested. The cost is 24 bytes per 64 items.
struct VerticalIndex: Sendable {
  static let chunkShift = 6
  static let chunkSize = 1 << chunkShift

  /// One chunk's summary. One array of these rather than three arrays of Doubles: a new chunk
  /// is one append, not three (in wasm, the appends were a third of indexing 100,000 items).
  private struct Chunk: Sendable {
    var minY: Double
    var prefixMaxY: Double
    var suffixMinY: Double
  }

  private var chunks: [Chunk] = []

  /// Bytes of memory reserved by the index.
  var allocatedBytes: Int { chunks.capacity * MemoryLayout<Chunk>.stride }

  mutating func reserveCapacity(_ itemCount: Int) {
    chunks.reserveCapacity((itemCount + Self.chunkSize - 1) >> Self.chunkShift)
  }

  /// Records the items from `start` to the end of `tops`, chunk by chunk; items before
  /// `start` are already recorded.
  ///
  /// - Complexity: O(k) for k new items, plus the earlier chunks whose running minimum falls
  ///   (none when the new items lie below the previous ones).
  mutating func extend(
    from start: Int, tops: UnsafeBufferPointer<Double>, heights: UnsafeBufferPointer<Double>
  ) {
    var low = start
    let end = tops.count
    while low < end {
      let chunk = low >> Self.chunkShift
      let high = min((chunk + 1) << Self.chunkShift, end)
      let (chunkLow, chunkHigh) = Self.bounds(tops: tops, heights: heights, low..<high)
      if chunk == chunks.count {
        let prefix = chunk > 0 ? max(chunks[chunk - 1].prefixMaxY, chunkHigh) : chunkHigh
        chunks.append(Chunk(minY: chunkLow, prefixMaxY: prefix, suffixMinY: chunkLow))
      } else {
        chunks[chunk].minY = min(chunks[chunk].minY, chunkLow)
        chunks[chunk].prefixMaxY = max(chunks[chunk].prefixMaxY, chunkHigh)
        chunks[chunk].suffixMinY = min(chunks[chunk].suffixMinY, chunkLow)
      }
      var earlier = chunk - 1
      while earlier >= 0 && chunks[earlier].suffixMinY > chunkLow {
        chunks[earlier].suffixMinY = chunkLow
        earlier -= 1
      }
      low = high
    }
  }

  /// The smallest top and the largest bottom of a run of items, two at a time with two
  /// independent running values each: one running value made every step wait for the last
  /// (in wasm, where V8 compiles each comparison to a branch, this is 1.5× faster).
  @inline(__always)
  private static func bounds(
    tops: UnsafeBufferPointer<Double>, heights: UnsafeBufferPointer<Double>, _ run: Range<Int>
  ) -> (low: Double, high: Double) {
    var low = (Double.infinity, Double.infinity)
    var high = (-Double.infinity, -Double.infinity)
    var index = run.lowerBound
    while index + 1 < run.upperBound {
      let top = (tops[index], tops[index + 1])
      low = (min(low.0, top.0), min(low.1, top.1))
      high = (
        max(high.0, top.0 + heights[index]), max(high.1, top.1 + heights[index + 1])
      )
      index += 2
    }
    if index < run.upperBound {
      low.0 = min(low.0, tops[index])
      high.0 = max(high.0, tops[index] + heights[index])
    }
    return (min(low.0, low.1), max(high.0, high.1))
  }

  /// Forgets every item from `count` on; `minY` and `maxY` give the frames of items kept.
  ///
  /// - Complexity: O(64 + chunks whose running minimum changes).
  mutating func truncate(to count: Int, minY: (Int) -> Double, maxY: (Int) -> Double) {
    let kept = (count + Self.chunkSize - 1) >> Self.chunkShift
    guard kept < chunks.count || count & (Self.chunkSize - 1) != 0 else { return }
    chunks.removeSubrange(kept...)
    guard kept > 0 else { return }
    let last = kept - 1
    var low = Double.infinity
    var high = last > 0 ? chunks[last - 1].prefixMaxY : -Double.infinity
    for index in (last << Self.chunkShift)..<count {
      low = min(low, minY(index))
      high = max(high, maxY(index))
    }
    chunks[last] = Chunk(minY: low, prefixMaxY: high, suffixMinY: low)
    var earlier = last - 1
    while earlier >= 0 {
      let value = min(chunks[earlier].minY, chunks[earlier + 1].suffixMinY)
      if value == chunks[earlier].suffixMinY { break }
      chunks[earlier].suffixMinY = value
      earlier -= 1
    }
  }

  /// The indices of the items that may intersect the band; every item that does is inside.
  ///
  /// - Complexity: O(log n).
  func candidates(minY: Double, maxY: Double, count: Int) -> Range<Int> {
    let low = firstChunk { $0.prefixMaxY > minY }
    let high = firstChunk { $0.suffixMinY >= maxY }
    guard low < high else { return 0..<0 }
    return (low << Self.chunkShift)..<min(high << Self.chunkShift, count)
  }

  /// The first chunk where `predicate` holds, which is false up to some chunk and true after.
  private func firstChunk(where predicate: (Chunk) -> Bool) -> Int {
    var low = 0
    var high = chunks.count
    while low < high {
      let middle = (low + high) >> 1
      if predicate(chunks[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
