import CollectionDiff

/// One event of the server's change stream as a client receives it.
///
/// The stream is filtered per viewer (blocked authors, hidden posts, coalesced likes), so the
/// sequence numbers a client sees have gaps by design. Each event therefore names the sequence
/// of the event before it in this client's stream (`previous`), or, for the first event after
/// a (re)connection, the sequence the stream resumed from: an event whose `previous` is not
/// the last sequence applied means events were lost, and the list must resync.
public struct LiveEvent<Item: LiveItem> {
  /// What happened.
  public enum Change {
    /// A new item.
    case insert(Item)
    /// New content of an existing item (same identity and sort key), whole.
    case update(Item)
    /// An item is gone.
    case delete(Item.DiffIdentifier)
    /// The user blocked an author: everything by them disappears and stays hidden.
    case hideAuthor(Item.Author)
    /// The user unblocked an author: their items come back, which needs a reload.
    case showAuthor(Item.Author)
    /// The client is older than the server's retained history: reload.
    case reset
  }

  /// What happened.
  public var change: Change
  /// The event's position in the server's global sequence.
  public var sequence: Int
  /// The sequence of the event before this one in this client's stream, or the sequence the
  /// stream resumed from.
  public var previous: Int

  /// Creates an event.
  ///
  /// - Complexity: O(1).
  public init(_ change: Change, sequence: Int, previous: Int) {
    self.change = change
    self.sequence = sequence
    self.previous = previous
  }

  /// A new item.
  ///
  /// - Complexity: O(1).
  public static func insert(_ item: Item, sequence: Int, previous: Int) -> Self {
    Self(.insert(item), sequence: sequence, previous: previous)
  }

  /// New content of an item.
  ///
  /// - Complexity: O(1).
  public static func update(_ item: Item, sequence: Int, previous: Int) -> Self {
    Self(.update(item), sequence: sequence, previous: previous)
  }

  /// An item is gone.
  ///
  /// - Complexity: O(1).
  public static func delete(_ id: Item.DiffIdentifier, sequence: Int, previous: Int) -> Self {
    Self(.delete(id), sequence: sequence, previous: previous)
  }

  /// The user blocked an author.
  ///
  /// - Complexity: O(1).
  public static func hideAuthor(_ author: Item.Author, sequence: Int, previous: Int) -> Self {
    Self(.hideAuthor(author), sequence: sequence, previous: previous)
  }

  /// The user unblocked an author.
  ///
  /// - Complexity: O(1).
  public static func showAuthor(_ author: Item.Author, sequence: Int, previous: Int) -> Self {
    Self(.showAuthor(author), sequence: sequence, previous: previous)
  }

  /// The server's history no longer reaches back to the client.
  ///
  /// - Complexity: O(1).
  public static func reset(sequence: Int, previous: Int) -> Self {
    Self(.reset, sequence: sequence, previous: previous)
  }
}
