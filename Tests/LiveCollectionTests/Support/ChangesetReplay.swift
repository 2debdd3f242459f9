import CollectionDiff

/// Replays a changeset on identities (deletes and move sources out, inserts and move
/// destinations in), to check that each step's changeset really turns the old list into the new.
enum ChangesetReplay {
  static func apply(_ changeset: Changeset<Int>, to old: [Int], giving new: [Int]) -> [Int]? {
    let removed = Set(changeset.deletes + changeset.moves.map(\.from))
    guard removed.count == changeset.deletes.count + changeset.moves.count,
      removed.allSatisfy({ old.indices.contains($0) })
    else { return nil }
    var incoming: [Int: Int] = [:]
    for insert in changeset.inserts where new.indices.contains(insert) {
      incoming[insert] = new[insert]
    }
    for move in changeset.moves { incoming[move.to] = old[move.from] }
    guard incoming.count == changeset.inserts.count + changeset.moves.count else { return nil }
    var remaining = old.indices.filter { !removed.contains($0) }.map { old[$0] }.makeIterator()
    let count = old.count - changeset.deletes.count + changeset.inserts.count
    guard count >= 0 else { return nil }
    var result: [Int] = []
    for index in 0..<count {
      guard let id = incoming[index] ?? remaining.next() else { return nil }
      result.append(id)
    }
    return remaining.next() == nil ? result : nil
  }
}
