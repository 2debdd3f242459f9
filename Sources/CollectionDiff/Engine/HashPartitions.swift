/// The identities of one side of the middle, as (tag, index) entries grouped by hash partition.
///
/// Matching a million identities through one big table is a cache miss per lookup. Grouping both
/// sides by the top bits of the hash first (two sequential passes) lets each partition be matched
/// through a small table that stays in cache, the radix-partitioned hash join of databases.
/// Within a partition, entries keep their index order, so "first occurrence" still holds.
@usableFromInline
struct HashPartitions {
  /// `tag << 32 | index`, partition after partition.
  @usableFromInline var entries: [UInt64]
  /// Where each partition starts in `entries`, plus the end.
  @usableFromInline var starts: [Int]

  /// How many top hash bits select a partition, for about 4,096 entries per partition.
  @inlinable
  static func bits(forTotal total: Int) -> Int {
    var bits = 0
    while bits < 16 && (total >> bits) > 4096 { bits += 1 }
    return bits
  }

  @inlinable
  init<Element: Diffable>(_ elements: [Element], from start: Int, count: Int, bits: Int) {
    let partitions = 1 << bits
    var counts = Array(repeating: 0, count: partitions + 1)
    var hashes = [UInt64](repeating: 0, count: count)
    hashes.withUnsafeMutableBufferPointer { hashes in
      for i in 0..<count {
        let hash = elements[start + i].diffIdentifier.hashValue
        let mixed = UInt64(truncatingIfNeeded: hash) &* 0x9E37_79B9_7F4A_7C15
        hashes[i] = mixed
        counts[bits == 0 ? 0 : Int(mixed >> UInt64(64 - bits))] += 1
      }
    }
    var next = Array(repeating: 0, count: partitions)
    var total = 0
    for p in 0..<partitions {
      next[p] = total
      total += counts[p]
      counts[p] = next[p]
    }
    counts[partitions] = total
    starts = counts
    var entries = [UInt64](repeating: 0, count: count)
    entries.withUnsafeMutableBufferPointer { entries in
      hashes.withUnsafeBufferPointer { hashes in
        for i in 0..<count {
          let mixed = hashes[i]
          let p = bits == 0 ? 0 : Int(mixed >> UInt64(64 - bits))
          // The tag is the low half, independent of the partition bits; never zero.
          let tag = UInt64(UInt32(truncatingIfNeeded: mixed) | 1)
          entries[next[p]] = tag << 32 | UInt64(i)
          next[p] += 1
        }
      }
    }
    self.entries = entries
  }

  /// Bytes held, for the benchmark's memory accounting.
  @inlinable
  var byteCount: Int { entries.capacity * 8 + starts.capacity * 8 }
}
