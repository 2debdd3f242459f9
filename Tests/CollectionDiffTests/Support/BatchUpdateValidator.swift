import CollectionDiff

/// Applies a changeset to the old collection by UIKit's batch-update rules, as both kinds of
/// renderer would, and checks that each ends with exactly the new collection.
///
/// The rules: deletes, move sources and reloads are distinct old positions; inserts and move
/// destinations distinct new positions; each surviving section's new count is its old count minus
/// deletes and moves out plus inserts and moves in ("invalid number of items" otherwise); item
/// changes never touch a deleted (old) or inserted (new) section. On top, this toolkit's own rule:
/// a reload never names a moved item or an item of a moved section (see `stages`).
enum BatchUpdateValidator {
  /// Checks a flat changeset as the items of one section.
  static func check(_ changeset: Changeset<Int>, from old: [TestItem], to new: [TestItem]) throws {
    try check(
      SectionedChangeset(items: changeset.inSection0),
      from: [TestSection(id: 0, items: old)], to: [TestSection(id: 0, items: new)])
  }

  /// Checks a sectioned changeset.
  static func check(
    _ changeset: SectionedChangeset, from old: [TestSection], to new: [TestSection]
  ) throws {
    try checkSorted(changeset.sections, "sections")
    try checkSorted(changeset.items, "items")
    // A renderer that reconfigures: one batch without reloads, then reconfigure what is stale.
    var plain = changeset
    plain.items.reloads = []
    let shown = try apply(plain, to: old, new: new)
    try checkIdentities(shown, new)
    var staleSections: [Int] = []
    var staleItems: [ItemPath] = []
    for (t, section) in shown.enumerated() {
      if section.header != new[t].header { staleSections.append(t) }
      for (j, item) in section.items.enumerated() where item.version != new[t].items[j].version {
        staleItems.append(ItemPath(section: t, item: j))
      }
    }
    guard staleSections == changeset.sections.reconfigures else {
      throw ValidationFailure(
        "section reconfigures \(changeset.sections.reconfigures) ≠ \(staleSections)")
    }
    guard staleItems == changeset.items.reconfigures else {
      throw ValidationFailure("reconfigures \(changeset.items.reconfigures) ≠ stale \(staleItems)")
    }
    // A renderer that reloads: the stages one after another, each a valid batch.
    var current = old
    for stage in changeset.stages { current = try apply(stage, to: current, new: new) }
    try checkIdentities(current, new)
    for (t, section) in current.enumerated() where section.items != new[t].items {
      throw ValidationFailure(
        "after reloads section \(t) is \(section.items), not \(new[t].items)")
    }
  }

  private static func checkIdentities(_ result: [TestSection], _ new: [TestSection]) throws {
    let got = result.map { section in [section.id] + section.items.map(\.id) }
    let want = new.map { section in [section.id] + section.items.map(\.id) }
    guard got == want else { throw ValidationFailure("result \(got) ≠ new \(want)") }
  }

  private static func checkSorted<Index>(_ changeset: Changeset<Index>, _ what: String) throws {
    let lists = [
      ("deletes", changeset.deletes), ("inserts", changeset.inserts),
      ("reloads", changeset.reloads), ("reconfigures", changeset.reconfigures),
      ("move destinations", changeset.moves.map(\.to)),
    ]
    for (name, list) in lists where zip(list, list.dropFirst()).contains(where: { $0 >= $1 }) {
      throw ValidationFailure("\(what) \(name) not strictly ascending: \(list)")
    }
  }
}

extension Changeset where Index == Int {
  /// The same changes as item positions of section 0.
  var inSection0: Changeset<ItemPath> {
    func wrap(_ item: Int) -> ItemPath { ItemPath(section: 0, item: item) }
    return Changeset<ItemPath>(
      deletes: deletes.map(wrap), inserts: inserts.map(wrap),
      moves: moves.map { Move(from: wrap($0.from), to: wrap($0.to)) },
      reloads: reloads.map(wrap), reconfigures: reconfigures.map(wrap),
      duplicates: Duplicates(old: duplicates.old.map(wrap), new: duplicates.new.map(wrap)))
  }
}
