/// A flat open-addressing hash table from an identity's hash to a small integer, used by the
/// diff to match identities in one pass over each collection.
///
/// It stores no keys: each slot packs a 32-bit tag of the hash and a 32-bit value, and the caller
/// confirms a candidate by comparing identities itself. That keeps a slot at 8 bytes and a probe
/// at one cache line, and avoids a `Dictionary` with its per-entry key storage.
@usableFromInline
struct IdentityTable {
  @usableFromInline var slots: [UInt64]
  @usableFromInline let mask: Int

  /// Creates a table for at most `count` entries, at a load factor of at most one half.
  @inlinable
  init(count: Int) {
    var capacity = 8
    while capacity < count * 2 { capacity *= 2 }
    slots = Array(repeating: 0, count: capacity)
    mask = capacity - 1
  }

  /// The bytes the table holds, for the benchmark's memory accounting.
  @inlinable
  var byteCount: Int { slots.capacity * 8 }

  /// Returns the value stored for the identity with `hash` that `isMatch` confirms, or stores
  /// `value` for it and returns `nil`.
  @inlinable
  mutating func findOrInsert(hash: Int, value: Int32, isMatch: (Int32) -> Bool) -> Int32? {
    // A tag of zero marks an empty slot, so the low bit is forced on.
    let mixed = UInt64(UInt(bitPattern: hash)) &* 0x9E37_79B9_7F4A_7C15
    let tag = (mixed >> 32) | 1
    let mask = self.mask
    return slots.withUnsafeMutableBufferPointer { slots in
      var slot = hash & mask
      while true {
        let entry = slots[slot]
        if entry == 0 {
          slots[slot] = tag << 32 | UInt64(UInt32(bitPattern: value))
          return nil
        }
        if entry >> 32 == tag {
          let stored = Int32(bitPattern: UInt32(truncatingIfNeeded: entry))
          if isMatch(stored) { return stored }
        }
        slot = (slot &+ 1) & mask
      }
    }
  }
}
