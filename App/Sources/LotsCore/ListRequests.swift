/// The body that names a list: `{"name": "Date night"}` (1–60 characters, one line).
public struct ListNameRequest: Codable, Hashable, Sendable, StrictDecodable {
  /// The list's name.
  public var name: String

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["name"]

  /// Creates the value.
  public init(name: String) {
    self.name = name
  }
}

/// The body of a save: a post or a restaurant, and an optional note (0–500 characters).
public struct SaveRequest: Codable, Hashable, Sendable, StrictDecodable {
  /// The post to save; exactly one of `postID` and `restaurantID`.
  public var postID: Int64?
  /// The restaurant to save.
  public var restaurantID: Int64?
  /// The owner's note.
  public var note: String?

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["postId", "restaurantId", "note"]

  private enum CodingKeys: String, CodingKey {
    case postID = "postId"
    case restaurantID = "restaurantId"
    case note
  }

  /// Creates the value.
  public init(postID: Int64? = nil, restaurantID: Int64? = nil, note: String? = nil) {
    self.postID = postID
    self.restaurantID = restaurantID
    self.note = note
  }
}

/// The body that changes an entry's note: `{"note": "the miso ramen, not the shoyu"}`.
public struct NoteRequest: Codable, Hashable, Sendable, StrictDecodable {
  /// The new note, 0–500 characters.
  public var note: String

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["note"]

  /// Creates the value.
  public init(note: String) {
    self.note = note
  }
}

/// The body of a move: put the entry right after entry `after`, or first when it is nil.
public struct MoveRequest: Codable, Hashable, Sendable, StrictDecodable {
  /// The entry the moved one goes after; nil (or absent) for the front of the list.
  public var after: Int64?

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["after"]

  /// Creates the value.
  public init(after: Int64?) {
    self.after = after
  }
}

/// The answer to a move: the list's revision after it (moves are applied one at a time, in
/// the order of their revisions).
public struct ListVersion: Codable, Hashable, Sendable {
  /// The list's revision.
  public var version: Int64

  /// Creates the value.
  public init(version: Int64) {
    self.version = version
  }
}
