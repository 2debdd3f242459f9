/// The items of all sections in one array, so that items are matched across sections in one
/// pass, with each section's start to map a flat index back to a position.
@usableFromInline
struct FlatItems<Item: Diffable> {
  @usableFromInline var items: [Item] = []
  /// Flat index of each section's first item, plus the total count at the end.
  @usableFromInline var starts: [Int] = [0]
  /// The section of each flat index.
  @usableFromInline var sectionOf: [Int32] = []

  @inlinable
  init<Section: DiffableSection>(_ sections: [Section]) where Section.Item == Item {
    for (s, section) in sections.enumerated() {
      items.append(contentsOf: section.items)
      sectionOf.append(contentsOf: repeatElement(Int32(s), count: section.items.count))
      starts.append(items.count)
    }
  }

  /// The section and item of a flat index.
  ///
  /// - Complexity: O(1).
  @inlinable
  func position(of flat: Int) -> ItemPath {
    let section = Int(sectionOf[flat])
    return ItemPath(section: section, item: flat - starts[section])
  }
}
