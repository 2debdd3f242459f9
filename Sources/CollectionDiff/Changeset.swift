/// A set of changes that turns an old collection into a new one, in the shape that
/// `UICollectionView.performBatchUpdates` accepts in one batch.
///
/// `deletes`, move sources and `reloads` are positions in the old collection; `inserts`, move
/// destinations and `reconfigures` are positions in the new one. Every array is sorted
/// ascending (`moves` by destination), and no position appears twice within one space.
///
/// `reloads` and `reconfigures` are two ways to refresh changed content: a renderer uses one of
/// them. `reconfigures` names every surviving element whose content changed; `reloads` names only
/// those that did not move, because UIKit rejects a reload of a moved element in the same batch.
/// When some moved element changed, ``stages`` splits the work into two valid batches.
public struct Changeset<Index: Comparable>: Equatable {
  /// Positions in the old collection whose elements are removed.
  public var deletes: [Index]
  /// Positions in the new collection whose elements are added.
  public var inserts: [Index]
  /// Elements that survive but change place, from an old to a new position.
  public var moves: [Move<Index>]
  /// Old positions of elements that stay in place and whose content changed.
  public var reloads: [Index]
  /// New positions of all surviving elements whose content changed, moved or not.
  public var reconfigures: [Index]
  /// Elements whose identity appeared earlier in the same collection; the diff treated them as
  /// removed (old) or added (new) rather than crashing.
  public var duplicates: Duplicates<Index>

  /// Creates a changeset; the default is the empty changeset.
  ///
  /// - Complexity: O(1).
  public init(
    deletes: [Index] = [], inserts: [Index] = [], moves: [Move<Index>] = [],
    reloads: [Index] = [], reconfigures: [Index] = [],
    duplicates: Duplicates<Index> = Duplicates()
  ) {
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.reloads = reloads
    self.reconfigures = reconfigures
    self.duplicates = duplicates
  }

  /// Whether the changeset changes nothing.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty
      && reconfigures.isEmpty
  }
}

/// An element that survives a change but takes another place.
public struct Move<Index: Comparable>: Equatable {
  /// The element's position in the old collection.
  public var from: Index
  /// The element's position in the new collection.
  public var to: Index

  /// Creates a move.
  ///
  /// - Complexity: O(1).
  public init(from: Index, to: Index) {
    self.from = from
    self.to = to
  }
}

/// Elements whose identity occurred earlier in the same collection.
///
/// The policy: in the part of the collections that changed, the first occurrence of an identity
/// is the element the diff follows; every later occurrence is deleted (in the old collection) or
/// inserted (in the new one) and listed here, so that the changeset stays valid and the caller
/// can log the bad data. The common prefix and suffix of identities are matched by position
/// without hashing, which keeps a feed tick cheap; a repeat there is matched in place (still a
/// valid changeset) and not listed. Check uniqueness of the whole input separately if needed.
public struct Duplicates<Index: Comparable>: Equatable {
  /// Old positions of repeated identities (each also listed in `deletes`).
  public var old: [Index]
  /// New positions of repeated identities (each also listed in `inserts`).
  public var new: [Index]

  /// Creates a report; the default reports nothing.
  ///
  /// - Complexity: O(1).
  public init(old: [Index] = [], new: [Index] = []) {
    self.old = old
    self.new = new
  }

  /// Whether no duplicate was found.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { old.isEmpty && new.isEmpty }
}
