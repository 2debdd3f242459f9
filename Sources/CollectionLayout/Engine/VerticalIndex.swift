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

  private var chunkMinY: [Double] = []
  private var prefixMaxY: [Double] = []
  private var suffixMinY: [Double] = []

  /// Bytes of memory reserved by the index.
  var allocatedBytes: Int {
    (chunkMinY.capacity + prefixMaxY.capacity + suffixMinY.capacity) * 8
  }

  mutating func reserveCapacity(_ itemCount: Int) {
    let chunks = (itemCount + Self.chunkSize - 1) >> Self.chunkShift
    chunkMinY.reserveCapacity(chunks)
    prefixMaxY.reserveCapacity(chunks)
    suffixMinY.reserveCapacity(chunks)
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
      var chunkLow = Double.infinity
      var chunkHigh = -Double.infinity
      for index in low..<high {
        let top = tops[index]
        chunkLow = min(chunkLow, top)
        chunkHigh = max(chunkHigh, top + heights[index])
      }
      if chunk == chunkMinY.count {
        chunkMinY.append(chunkLow)
        prefixMaxY.append(chunk > 0 ? max(prefixMaxY[chunk - 1], chunkHigh) : chunkHigh)
        suffixMinY.append(chunkLow)
      } else {
        chunkMinY[chunk] = min(chunkMinY[chunk], chunkLow)
        prefixMaxY[chunk] = max(prefixMaxY[chunk], chunkHigh)
        suffixMinY[chunk] = min(suffixMinY[chunk], chunkLow)
      }
      var earlier = chunk - 1
      while earlier >= 0 && suffixMinY[earlier] > chunkLow {
        suffixMinY[earlier] = chunkLow
        earlier -= 1
      }
      low = high
    }
  }

  /// Forgets every item from `count` on; `minY` and `maxY` give the frames of items kept.
  ///
  /// - Complexity: O(64 + chunks whose running minimum changes).
  mutating func truncate(to count: Int, minY: (Int) -> Double, maxY: (Int) -> Double) {
    let chunks = (count + Self.chunkSize - 1) >> Self.chunkShift
    guard chunks < chunkMinY.count || count & (Self.chunkSize - 1) != 0 else { return }
    chunkMinY.removeSubrange(chunks...)
    prefixMaxY.removeSubrange(chunks...)
    suffixMinY.removeSubrange(chunks...)
    guard chunks > 0 else { return }
    let last = chunks - 1
    var low = Double.infinity
    var high = last > 0 ? prefixMaxY[last - 1] : -Double.infinity
    for index in (last << Self.chunkShift)..<count {
      low = min(low, minY(index))
      high = max(high, maxY(index))
    }
    chunkMinY[last] = low
    prefixMaxY[last] = high
    suffixMinY[last] = low
    var earlier = last - 1
    while earlier >= 0 {
      let value = min(chunkMinY[earlier], suffixMinY[earlier + 1])
      if value == suffixMinY[earlier] { break }
      suffixMinY[earlier] = value
      earlier -= 1
    }
  }

  /// The indices of the items that may intersect the band; every item that does is inside.
  ///
  /// - Complexity: O(log n).
  func candidates(minY: Double, maxY: Double, count: Int) -> Range<Int> {
    let low = firstChunk(in: prefixMaxY) { $0 > minY }
    let high = firstChunk(in: suffixMinY) { $0 >= maxY }
    guard low < high else { return 0..<0 }
    return (low << Self.chunkShift)..<min(high << Self.chunkShift, count)
  }

  private func firstChunk(in values: [Double], where predicate: (Double) -> Bool) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) >> 1
      if predicate(values[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
