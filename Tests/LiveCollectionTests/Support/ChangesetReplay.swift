import CollectionDiff

/// Replays a changeset (deletes and move sources out, inserts and move destinations in) to check
/// that each step's changeset really turns the old list into the new one, and that it
/// reconfigures exactly the carried items whose content changed.
enum ChangesetReplay {
  /// The problem with `changeset` as a step from `old` to `new`, or `nil` if it is right.
  static func problem(_ changeset: Changeset<Int>, from old: [Post], to new: [Post]) -> String? {
    let removed = Set(changeset.deletes + changeset.moves.map(\.from))
    guard removed.count == changeset.deletes.count + changeset.moves.count,
      removed.allSatisfy({ old.indices.contains($0) }),
      old.count - changeset.deletes.count + changeset.inserts.count == new.count
    else { return "bad old positions or counts" }
    var origins = [Int?](repeating: nil, count: new.count)
    var filled = [Bool](repeating: false, count: new.count)
    for index in changeset.inserts + changeset.moves.map(\.to) {
      guard new.indices.contains(index), !filled[index] else { return "bad new position" }
      filled[index] = true
    }
    for move in changeset.moves { origins[move.to] = move.from }
    var remaining = old.indices.filter { !removed.contains($0) }.makeIterator()
    for index in new.indices where !filled[index] { origins[index] = remaining.next() }
    var stale: [Int] = []
    for (index, origin) in origins.enumerated() {
      guard let origin else { continue }
      guard old[origin].id == new[index].id else { return "identities differ at \(index)" }
      if old[origin] != new[index] { stale.append(index) }
    }
    return stale == changeset.reconfigures ? nil : "reconfigures should be \(stale)"
  }
}
