import CollectionDiff

/// An element with an identity and a version, like the `{"id", "version"}` of `lots diff`.
struct TestItem: Diffable, Hashable, CustomStringConvertible {
  var id: Int
  var version: Int = 0

  var diffIdentifier: Int { id }
  var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// A section with an identity, a header version and items.
struct TestSection: DiffableSection, CustomStringConvertible {
  var id: Int
  var header: Int = 0
  var items: [TestItem]

  var diffIdentifier: Int { id }
  func isContentEqual(to other: TestSection) -> Bool { header == other.header }
  var description: String { "S\(id)h\(header)\(items)" }
}

extension Array where Element == Int {
  /// Items with these identities, at version 0.
  var items: [TestItem] { map { TestItem(id: $0) } }
}
