import CollectionDiff

/// A change published by the server, numbered by a global sequence that increases by one per
/// event.
public enum LiveEvent<Item: LiveItem> {
  /// A new item.
  case insert(Item, sequence: Int)
  /// New content of an existing item (same identity and sort key).
  case update(Item, sequence: Int)
  /// An item is gone.
  case delete(Item.DiffIdentifier, sequence: Int)
  /// The user blocked an author: everything by them disappears and stays hidden.
  case hideAuthor(Item.Author, sequence: Int)
  /// The server lost its event history (a restart, a failover): the client must reload.
  case reset(sequence: Int)

  /// The event's position in the global sequence.
  ///
  /// - Complexity: O(1).
  public var sequence: Int {
    switch self {
    case .insert(_, let sequence), .update(_, let sequence), .delete(_, let sequence),
      .hideAuthor(_, let sequence), .reset(let sequence):
      return sequence
    }
  }
}
