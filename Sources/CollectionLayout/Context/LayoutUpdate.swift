/// An incremental change to a layout's context, applied with `Layout.apply(_:)` so that only
/// what can move is recomputed.
public enum LayoutUpdate: Hashable, Sendable {
  /// Inserts items into a section before `index` (`index == count` appends a page).
  case insertItems([LayoutItem], section: Int, at: Int)
  /// Deletes a range of items from a section.
  case deleteItems(section: Int, range: Range<Int>)
  /// Moves one item of a section from index `from` to index `to` (its index after the move),
  /// as `UICollectionView.moveItem(at:to:)` within a section: one relayout from the lower of
  /// the two, where a delete and an insert would take two.
  case moveItem(section: Int, from: Int, to: Int)
  /// Replaces one item's natural size (a photo whose real size arrived, say).
  case replaceItem(LayoutItem, at: ItemPath)
  /// Inserts sections before `index` (`index == count` appends).
  case insertSections([LayoutSection], at: Int)
  /// Deletes a range of sections.
  case deleteSections(Range<Int>)
  /// Changes the viewport size (rotation, a resized window).
  case resizeViewport(Size)
}

/// What an update invalidated, from the layout's point of view.
public enum LayoutInvalidation: Hashable, Sendable {
  /// Only the viewport height changed: vertical scrolling layouts keep every frame.
  case viewportHeight
  /// Everything from this item of this section on (`item` may equal the section's count).
  case from(ItemPath)
  /// Everything.
  case everything
}

extension LayoutContext {
  /// Applies an update and says what it invalidated.
  ///
  /// - Precondition: every index and range is valid for the current context (an invalid index
  ///   is a programmer error, as with `Array`).
  /// - Complexity: O(k) for k inserted items or sections at the end; O(n) in the section size
  ///   for a middle insert, delete or move.
  public mutating func apply(_ update: LayoutUpdate) -> LayoutInvalidation {
    switch update {
    case .insertItems(let items, let section, let index):
      precondition(sections.indices.contains(section), "section out of range")
      precondition(index >= 0 && index <= sections[section].items.count, "item out of range")
      sections[section].items.insert(contentsOf: items, at: index)
      return .from(ItemPath(section: section, item: index))
    case .deleteItems(let section, let range):
      precondition(sections.indices.contains(section), "section out of range")
      precondition(
        range.lowerBound >= 0 && range.upperBound <= sections[section].items.count,
        "items out of range")
      sections[section].items.removeSubrange(range)
      return .from(ItemPath(section: section, item: range.lowerBound))
    case .moveItem(let section, let from, let to):
      precondition(sections.indices.contains(section), "section out of range")
      precondition(sections[section].items.indices.contains(from), "item out of range")
      precondition(sections[section].items.indices.contains(to), "item out of range")
      if from != to {
        let item = sections[section].items.remove(at: from)
        sections[section].items.insert(item, at: to)
      }
      return .from(ItemPath(section: section, item: min(from, to)))
    case .replaceItem(let item, let path):
      precondition(sections.indices.contains(path.section), "section out of range")
      precondition(sections[path.section].items.indices.contains(path.item), "item out of range")
      sections[path.section].items[path.item] = item
      return .from(path)
    case .insertSections(let inserted, let index):
      precondition(index >= 0 && index <= sections.count, "section out of range")
      sections.insert(contentsOf: inserted, at: index)
      return .from(ItemPath(section: index, item: 0))
    case .deleteSections(let range):
      precondition(
        range.lowerBound >= 0 && range.upperBound <= sections.count, "sections out of range")
      sections.removeSubrange(range)
      return .from(ItemPath(section: range.lowerBound, item: 0))
    case .resizeViewport(let size):
      let widthChanged = size.width != viewport.width
      viewport = size
      return widthChanged ? .everything : .viewportHeight
    }
  }
}
