import Foundation

/// One saved thing in a list: a post or a restaurant, with its owner's note.
public struct ListEntry: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// The owner's note ("the miso ramen, not the shoyu"); may be empty.
  public var note: String
  /// When it was saved.
  public var savedAt: Date
  /// The post saved, as the viewer sees it (nil for a restaurant).
  public var post: Post?
  /// The restaurant saved (nil for a post).
  public var restaurant: Restaurant?
  /// For a restaurant, a photo of it: its newest post's the viewer can see, if any.
  public var cover: PostPhoto?

  /// Creates an entry value.
  public init(
    id: Int64, note: String, savedAt: Date, post: Post?, restaurant: Restaurant?,
    cover: PostPhoto?
  ) {
    self.id = id
    self.note = note
    self.savedAt = savedAt
    self.post = post
    self.restaurant = restaurant
    self.cover = cover
  }
}

/// A page of a list's entries, in the list's order, with the list itself.
public struct ListPage: Codable, Hashable, Sendable {
  /// The list.
  public var list: PocketList
  /// Its entries, in order.
  public var items: [ListEntry]
  /// The cursor of the next page, or nil on the last.
  public var nextCursor: String?

  /// Creates a page value.
  public init(list: PocketList, items: [ListEntry], nextCursor: String?) {
    self.list = list
    self.items = items
    self.nextCursor = nextCursor
  }
}

/// Where one post or restaurant is saved among the viewer's lists.
public struct SavedPlaces: Codable, Hashable, Sendable {
  /// One list holding it, and the entry there.
  public struct Place: Codable, Hashable, Sendable {
    /// The list.
    public var listID: Int64
    /// The entry in it.
    public var entryID: Int64

    /// Creates the value.
    public init(listID: Int64, entryID: Int64) {
      self.listID = listID
      self.entryID = entryID
    }

    private enum CodingKeys: String, CodingKey {
      case listID = "listId"
      case entryID = "entryId"
    }
  }

  /// The lists holding it.
  public var items: [Place]

  /// Creates the value.
  public init(items: [Place]) {
    self.items = items
  }
}
