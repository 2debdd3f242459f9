/// Which old element each new element continues, by identity: the first stage of every diff.
///
/// The common prefix and suffix of identities are matched by position without hashing (a feed
/// tick that only adds at the front hashes almost nothing). The middle is matched with an
/// ``IdentityTable`` in one pass over each side. The first occurrence of an identity is the one
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
    let base = prefix
    var table = IdentityTable(count: oldToNew.count + newToOld.count)
    for i in 0..<oldToNew.count {
      let id = old[base + i].diffIdentifier
      let found = table.findOrInsert(hash: id.hashValue, value: Int32(i)) {
        old[base + Int($0)].diffIdentifier == id
      }
      if found != nil { oldDuplicates.append(base + i) }
    }
    for j in 0..<newToOld.count {
      let id = new[base + j].diffIdentifier
      // New identities absent from the old side are stored as ~j, so a repeat is noticed too.
      let found = table.findOrInsert(hash: id.hashValue, value: ~Int32(j)) {
        $0 >= 0
          ? old[base + Int($0)].diffIdentifier == id
          : new[base + Int(~$0)].diffIdentifier == id
      }
      guard let found else { continue }
      if found >= 0 && oldToNew[Int(found)] < 0 {
        oldToNew[Int(found)] = Int32(j)
        newToOld[j] = found
      } else {
        newDuplicates.append(base + j)
      }
    }
    tableBytes = table.byteCount
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
