/// Marks one longest strictly increasing subsequence of `values`: the elements that can stay
/// where they are, so that every other surviving element is exactly one move.
///
/// Patience sorting with predecessor links. Each value is first compared with the current best
/// tail, so a sequence that is mostly in order costs O(1) per element.
///
/// - Returns: For each position of `values`, whether it belongs to the subsequence.
/// - Complexity: O(*k* log *L*) for *k* values and a subsequence of length *L*; O(*k*) when the
///   values are already increasing.
@inlinable
func longestIncreasingSubsequence(_ values: [Int32]) -> [Bool] {
  let count = values.count
  var member = Array(repeating: false, count: count)
  if count == 0 { return member }
  // `tails[k]` is the position ending the best subsequence of length k + 1 found so far, and
  // `tailValues[k]` its value, kept apart so the search reads one contiguous array.
  var tails: [Int32] = []
  var tailValues: [Int32] = []
  tails.reserveCapacity(count)
  tailValues.reserveCapacity(count)
  var previous = Array(repeating: Int32(-1), count: count)
  values.withUnsafeBufferPointer { values in
    for position in 0..<count {
      let value = values[position]
      if let last = tailValues.last, last >= value {
        // Lower bound: the first tail whose value is not below `value`.
        var low = 0
        var high = tailValues.count - 1
        while low < high {
          let middle = (low + high) / 2
          if tailValues[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        tails[low] = Int32(position)
        tailValues[low] = value
      } else {
        if let last = tails.last { previous[position] = last }
        tails.append(Int32(position))
        tailValues.append(value)
      }
    }
  }
  var position = Int(tails[tails.count - 1])
  while position >= 0 {
    member[position] = true
    position = Int(previous[position])
  }
  return member
}
