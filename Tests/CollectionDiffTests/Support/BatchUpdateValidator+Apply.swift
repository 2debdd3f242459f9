import CollectionDiff

extension BatchUpdateValidator {
  /// Performs one batch: sections first, then the items of each surviving section. Carried
  /// elements keep their old content; inserted and reloaded ones are fetched from `new`.
  static func apply(
    _ changeset: SectionedChangeset, to old: [TestSection], new: [TestSection]
  ) throws -> [TestSection] {
    let sections = changeset.sections
    guard sections.reloads.isEmpty else { throw ValidationFailure("section reloads present") }
    let origins = try place(
      oldCount: old.count, newCount: new.count, deletes: sections.deletes,
      inserts: sections.inserts, moves: sections.moves, what: "sections")
    let deleted = Set(sections.deletes)
    let inserted = Set(sections.inserts)
    let movedOut = Set(sections.moves.map(\.from))
    let items = changeset.items
    var oldSpace = Set<ItemPath>()
    for position in items.deletes + items.moves.map(\.from) + items.reloads {
      guard old.indices.contains(position.section), !deleted.contains(position.section),
        old[position.section].items.indices.contains(position.item),
        oldSpace.insert(position).inserted
      else { throw ValidationFailure("bad or repeated old item position \(position)") }
    }
    for position in items.reloads where movedOut.contains(position.section) {
      throw ValidationFailure("reload \(position) in a moved section")
    }
    var incoming: [ItemPath: TestItem] = [:]
    for position in items.inserts {
      guard new.indices.contains(position.section), !inserted.contains(position.section),
        new[position.section].items.indices.contains(position.item)
      else { throw ValidationFailure("bad insert position \(position)") }
      incoming[position] = new[position.section].items[position.item]
    }
    for move in items.moves {
      guard new.indices.contains(move.to.section), !inserted.contains(move.to.section),
        incoming[move.to] == nil
      else { throw ValidationFailure("bad or repeated move destination \(move.to)") }
      incoming[move.to] = old[move.from.section].items[move.from.item]
    }
    let reloads = Set(items.reloads)
    var result: [TestSection] = []
    for (t, origin) in origins.enumerated() {
      guard let s = origin else {
        result.append(new[t])
        continue
      }
      let remaining = old[s].items.indices.filter {
        !oldSpace.contains(ItemPath(section: s, item: $0))
          || reloads.contains(ItemPath(section: s, item: $0))
      }
      let arriving = incoming.keys.filter { $0.section == t }
      let count = remaining.count + arriving.count
      guard count == new[t].items.count, arriving.allSatisfy({ $0.item < count }) else {
        throw ValidationFailure(
          "invalid number of items in section \(t): \(count), data source has \(new[t].items.count)"
        )
      }
      var next = remaining.makeIterator()
      var built: [TestItem] = []
      for j in 0..<count {
        if let item = incoming[ItemPath(section: t, item: j)] {
          built.append(item)
        } else if let i = next.next() {
          let reloaded = reloads.contains(ItemPath(section: s, item: i))
          built.append(reloaded ? new[t].items[j] : old[s].items[i])
        }
      }
      result.append(TestSection(id: old[s].id, header: old[s].header, items: built))
    }
    return result
  }

  /// Lays out one list: which old position each new position comes from (nil for an insert).
  static func place(
    oldCount: Int, newCount: Int, deletes: [Int], inserts: [Int], moves: [Move<Int>],
    what: String
  ) throws -> [Int?] {
    let removed = deletes + moves.map(\.from)
    let added = inserts + moves.map(\.to)
    guard Set(removed).count == removed.count, removed.allSatisfy({ (0..<oldCount).contains($0) })
    else { throw ValidationFailure("\(what): bad or repeated old positions \(removed)") }
    guard Set(added).count == added.count, added.allSatisfy({ (0..<newCount).contains($0) })
    else { throw ValidationFailure("\(what): bad or repeated new positions \(added)") }
    guard oldCount - deletes.count + inserts.count == newCount else {
      throw ValidationFailure("\(what): invalid number after update")
    }
    var origins = [Int?](repeating: nil, count: newCount)
    var filled = [Bool](repeating: false, count: newCount)
    for move in moves {
      origins[move.to] = move.from
      filled[move.to] = true
    }
    for insert in inserts { filled[insert] = true }
    let gone = Set(removed)
    var next = (0..<oldCount).filter { !gone.contains($0) }.makeIterator()
    for t in 0..<newCount where !filled[t] { origins[t] = next.next() }
    return origins
  }
}
