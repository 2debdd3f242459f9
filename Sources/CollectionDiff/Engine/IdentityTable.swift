/// A flat open-addressing hash table from a 32-bit identity tag to a small integer, used by the
/// diff to match the identities of one hash partition.
///
/// It stores no keys: each slot packs the tag and a 32-bit value, and the caller confirms a
/// candidate by comparing identities itself when it must. That keeps a slot at 8 bytes, and the
/// table of one partition small enough to stay in cache.
@usableFromInline
struct IdentityTable {
  @usableFromInline var slots: [UInt64]
  @usableFromInline let shift: UInt32

  /// Creates a table for at most `count` entries, at a load factor of at most 0.8.
  @inlinable
  init(count: Int) {
    var capacity = 8
    var bits: UInt32 = 3
    while capacity < count + count / 4 {
      capacity *= 2
      bits += 1
    }
    slots = Array(repeating: 0, count: capacity)
    shift = 32 - bits
  }

  /// The bytes the table holds, for the benchmark's memory accounting.
  @inlinable
  var byteCount: Int { slots.capacity * 8 }

  /// Empties the table for the next partition.
  @inlinable
  mutating func removeAll() {
    slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
  }

  /// Finds the value stored for the identity with `tag` that `isMatch` confirms, or stores
  /// `value` for it.
  ///
  /// - Parameter tag: 32 bits of the identity's hash, never zero (zero marks an empty slot).
  /// - Returns: The slot and the value found, or `nil` when `value` was stored.
  @inlinable
  mutating func findOrInsert(
    tag: UInt32, value: Int32, isMatch: (Int32) -> Bool
  ) -> (slot: Int, value: Int32)? {
    // Fibonacci hashing spreads the tag over the slots, so that neighbouring slots hold
    // unrelated tags and the 32-bit comparison below rarely meets a false candidate.
    let mask = slots.count - 1
    let start = Int((tag &* 0x9E37_79B1) >> shift)
    let key = UInt64(tag) << 32
    return slots.withUnsafeMutableBufferPointer { slots in
      var slot = start
      while true {
        let entry = slots[slot]
        if entry == 0 {
          slots[slot] = key | UInt64(UInt32(bitPattern: value))
          return nil
        }
        if entry & 0xFFFF_FFFF_0000_0000 == key {
          let stored = Int32(bitPattern: UInt32(truncatingIfNeeded: entry))
          if isMatch(stored) { return (slot, stored) }
        }
        slot = (slot &+ 1) & mask
      }
    }
  }

  /// Replaces the value in a slot that ``findOrInsert(tag:value:isMatch:)`` returned.
  @inlinable
  mutating func replaceValue(atSlot slot: Int, with value: Int32) {
    slots[slot] = slots[slot] & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: value))
  }
}
