/// Which old element each new element continues, by identity: the first stage of every diff.
///
/// The common prefix and suffix of identities are matched by position without hashing (a feed
/// tick that only adds at the front hashes almost nothing). The middle is matched through
/// ``HashPartitions`` and an ``IdentityTable`` per partition. The first occurrence of an identity is the one
/// matched; later occurrences are left unmatched and recorded as duplicates.
@usableFromInline
struct Matching {
  /// Length of the common prefix of identities.
  @usableFromInline var prefix: Int
  /// Length of the common suffix of identities (not overlapping the prefix).
  @usableFromInline var suffix: Int
  @usableFromInline var oldCount: Int
  @usableFromInline var newCount: Int
  /// For each old element of the middle, the middle index of its new element, or -1.
  @usableFromInline var oldToNew: [Int32]
  /// For each new element of the middle, the middle index of its old element, or -1.
  @usableFromInline var newToOld: [Int32]
  /// Absolute old positions of repeated identities.
  @usableFromInline var oldDuplicates: [Int] = []
  /// Absolute new positions of repeated identities.
  @usableFromInline var newDuplicates: [Int] = []
  /// Bytes of the hash table used, for the benchmark's memory accounting.
  @usableFromInline var tableBytes = 0

  @inlinable
  init<Element: Diffable>(old: [Element], new: [Element]) {
    let n = old.count
    let m = new.count
    precondition(n < Int(Int32.max) && m < Int(Int32.max), "collections over 2^31 elements")
    let limit = min(n, m)
    var prefix = 0
    while prefix < limit && old[prefix].diffIdentifier == new[prefix].diffIdentifier {
      prefix += 1
    }
    var suffix = 0
    while suffix < limit - prefix
      && old[n - 1 - suffix].diffIdentifier == new[m - 1 - suffix].diffIdentifier
    {
      suffix += 1
    }
    self.prefix = prefix
    self.suffix = suffix
    oldCount = n
    newCount = m
    oldToNew = Array(repeating: -1, count: n - prefix - suffix)
    newToOld = Array(repeating: -1, count: m - prefix - suffix)
    if !oldToNew.isEmpty || !newToOld.isEmpty {
      matchMiddle(old: old, new: new)
    }
  }

  @inlinable
  mutating func matchMiddle<Element: Diffable>(old: [Element], new: [Element]) {
    if matchMiddle(old: old, new: new, trustingTags: true) { return }
    // A tag collision paired two different identities: start over, comparing every candidate.
    oldToNew = Array(repeating: -1, count: oldToNew.count)
    newToOld = Array(repeating: -1, count: newToOld.count)
    oldDuplicates.removeAll()
    newDuplicates.removeAll()
    _ = matchMiddle(old: old, new: new, trustingTags: false)
  }

  /// Matches the middle, partition by partition (see ``HashPartitions``).
  ///
  /// Trusting tags, a new identity whose 32-bit tag equals that of an unmatched old one is
  /// paired without comparing the identities there: that comparison is a cache miss into the
  /// old array per element. The pairs are then verified in new order, where the old side is
  /// read almost sequentially, and `false` reports a collision.
  @inlinable
  mutating func matchMiddle<Element: Diffable>(
    old: [Element], new: [Element], trustingTags: Bool
  ) -> Bool {
    let base = prefix
    let bits = HashPartitions.bits(forTotal: oldToNew.count + newToOld.count)
    let olds = HashPartitions(old, from: base, count: oldToNew.count, bits: bits)
    let news = HashPartitions(new, from: base, count: newToOld.count, bits: bits)
    var largest = 0
    for p in 0..<(1 << bits) {
      let size = olds.starts[p + 1] - olds.starts[p] + news.starts[p + 1] - news.starts[p]
      largest = max(largest, size)
    }
    var table = IdentityTable(count: largest)
    for p in 0..<(1 << bits) {
      if p > 0 { table.removeAll() }
      for entry in olds.entries[olds.starts[p]..<olds.starts[p + 1]] {
        let i = base + Int(Int32(truncatingIfNeeded: entry))
        // Identities are read only on a tag match: reading each is a cache miss.
        let found = table.findOrInsert(tag: UInt32(entry >> 32), value: Int32(i - base)) {
          old[base + Int($0)].diffIdentifier == old[i].diffIdentifier
        }
        if found != nil { oldDuplicates.append(i) }
      }
      for entry in news.entries[news.starts[p]..<news.starts[p + 1]] {
        let j = Int(Int32(truncatingIfNeeded: entry))
        // A slot holds an old index until matched, then ~j like a new identity absent from the
        // old side, so that a repeat of a new identity is noticed without reading `oldToNew`.
        let found = table.findOrInsert(tag: UInt32(entry >> 32), value: ~Int32(j)) {
          if $0 < 0 { return new[base + Int(~$0)].diffIdentifier == new[base + j].diffIdentifier }
          return trustingTags || old[base + Int($0)].diffIdentifier == new[base + j].diffIdentifier
        }
        guard let found else { continue }
        if found.value >= 0 {
          oldToNew[Int(found.value)] = Int32(j)
          newToOld[j] = found.value
          table.replaceValue(atSlot: found.slot, with: ~Int32(j))
        } else {
          newDuplicates.append(base + j)
        }
      }
    }
    heapSort(&oldDuplicates)
    heapSort(&newDuplicates)
    // The new side's hashes (8 bytes each) were alive beside both partitions' entries.
    tableBytes = table.byteCount + olds.byteCount + news.byteCount + newToOld.count * 8
    guard trustingTags else { return true }
    for (j, i) in newToOld.enumerated() where i >= 0 {
      if old[base + Int(i)].diffIdentifier != new[base + j].diffIdentifier { return false }
    }
    return true
  }

  /// The absolute old position that the new element at absolute position `j` continues.
  ///
  /// - Complexity: O(1).
  @inlinable
  func oldIndex(forNew j: Int) -> Int? {
    if j < prefix { return j }
    if j >= newCount - suffix { return j - newCount + oldCount }
    let i = newToOld[j - prefix]
    return i < 0 ? nil : prefix + Int(i)
  }

  /// The absolute new position of the old element at absolute position `i`.
  ///
  /// - Complexity: O(1).
  @inlinable
  func newIndex(forOld i: Int) -> Int? {
    if i < prefix { return i }
    if i >= oldCount - suffix { return i - oldCount + newCount }
    let j = oldToNew[i - prefix]
    return j < 0 ? nil : prefix + Int(j)
  }
}
