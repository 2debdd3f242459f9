/// What a minimal diff must report, computed independently of the engine: matches by first
/// occurrence (after the common prefix and suffix, which match in place), and the fewest moves
/// as matches minus the length of a longest increasing subsequence (plain patience sorting).
struct ExpectedDiff {
  var deletes = 0
  var inserts = 0
  var moves = 0
  var oldDuplicates: [Int] = []
  var newDuplicates: [Int] = []

  init(old: [TestItem], new: [TestItem]) {
    var prefix = 0
    while prefix < min(old.count, new.count) && old[prefix].id == new[prefix].id { prefix += 1 }
    var suffix = 0
    while suffix < min(old.count, new.count) - prefix
      && old[old.count - 1 - suffix].id == new[new.count - 1 - suffix].id
    {
      suffix += 1
    }
    var first: [Int: Int] = [:]
    for i in prefix..<(old.count - suffix) {
      if first[old[i].id] == nil { first[old[i].id] = i } else { oldDuplicates.append(i) }
    }
    var seen = Set<Int>()
    var sources = Array(0..<prefix)
    for j in prefix..<(new.count - suffix) {
      guard seen.insert(new[j].id).inserted else {
        newDuplicates.append(j)
        continue
      }
      if let i = first[new[j].id] { sources.append(i) }
    }
    sources += (old.count - suffix)..<old.count
    deletes = old.count - sources.count
    inserts = new.count - sources.count
    var tails: [Int] = []
    for value in sources {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if tails[middle] < value { low = middle + 1 } else { high = middle }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    moves = sources.count - tails.count
  }
}
