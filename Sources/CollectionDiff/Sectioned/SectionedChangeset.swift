/// The changes that turn an old sectioned collection into a new one, in the shape that
/// `UICollectionView.performBatchUpdates` accepts in one batch.
///
/// Section changes use section indices (old space for deletes and move sources, new space for
/// inserts and move destinations). Item changes use ``ItemPath``s in the same two spaces.
/// Items of a deleted or inserted section are not listed: they go with their section, so an item
/// that leaves a deleted section, or joins an inserted one, is an insert or a delete rather than
/// a move. Section content changes are reported as `sections.reconfigures` only: reloading a
/// section would reload all its items, so `sections.reloads` is always empty.
public struct SectionedChangeset: Equatable {
  /// Changes of whole sections.
  public var sections: Changeset<Int>
  /// Changes of items, including moves across sections.
  public var items: Changeset<ItemPath>

  /// Creates a changeset; the default is the empty changeset.
  ///
  /// - Complexity: O(1).
  public init(
    sections: Changeset<Int> = Changeset(), items: Changeset<ItemPath> = Changeset()
  ) {
    self.sections = sections
    self.items = items
  }

  /// Whether the changeset changes nothing.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { sections.isEmpty && items.isEmpty }

  /// The changeset as batches that a renderer which reloads items can apply one after another.
  ///
  /// An item is reloaded in the first batch only if it neither moves nor sits in a moved section
  /// (UIKit rejects or misplaces such reloads). When some changed item does, the first batch is
  /// `self` without those items' reconfigures, and a second batch reloads them at their new
  /// positions (the old space of the second batch is the new space of the first).
  ///
  /// - Complexity: O(*s* + *m* + *r*) for *s* section moves, *m* item moves and *r*
  ///   reconfigures.
  public var stages: [SectionedChangeset] {
    var movedSections = Set<Int>()
    for move in sections.moves { movedSections.insert(move.to) }
    var movedItems = Set<ItemPath>()
    for move in items.moves { movedItems.insert(move.to) }
    var stay: [ItemPath] = []
    var deferred: [ItemPath] = []
    for position in items.reconfigures {
      if movedItems.contains(position) || movedSections.contains(position.section) {
        deferred.append(position)
      } else {
        stay.append(position)
      }
    }
    if deferred.isEmpty { return [self] }
    var first = self
    first.items.reconfigures = stay
    let second = Changeset(reloads: deferred, reconfigures: deferred)
    return [first, SectionedChangeset(items: second)]
  }
}
