import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: NotificationStore {
  /// SQLite's `activitySQL` in PostgreSQL's placeholders: `$1` the person, `$2` the lower
  /// bound of `createdAt`.
  static let activitySQL = SQLiteStorage.activitySQL
    .replacingOccurrences(of: "?1", with: "$1").replacingOccurrences(of: "?2", with: "$2")

  /// The newest activity around a person's posts, with its people and posts.
  /// - Complexity: as SQLite's.
  func activity(userID: Int64) async throws -> (
    activities: [Activity], people: [Int64: User], posts: [Int64: NotificationGroup.PostSummary],
    readAt: Int64
  ) {
    let readAt = try await readAt(userID)
    var query = PostgresQuery(
      unsafeSQL: Self.activitySQL + " ORDER BY createdAt DESC LIMIT $3")
    query.binds.append(userID, context: .default)
    query.binds.append(Int64(0), context: .default)
    query.binds.append(Int64(Activity.window), context: .default)
    let activities = try await rows(query) { row in
      Activity(
        kind: NotificationGroup.Kind(rawValue: try row[0].decode(String.self)) ?? .like,
        postID: try row[1].decode(Int64.self), actorID: try row[2].decode(Int64?.self),
        createdAt: try row[3].decode(Int64.self), detail: try row[4].decode(String.self),
        about: try row[5].decode(String.self))
    }
    let actorIDs = Array(Set(activities.compactMap(\.actorID)))
    let people = try await rows(
      "SELECT id, username, createdAt FROM account WHERE id = ANY(\(actorIDs))"
    ) { row in
      User(
        id: try row[0].decode(Int64.self), username: try row[1].decode(String.self),
        createdAt: Self.date(try row[2].decode(Int64.self)))
    }
    let postIDs = Array(Set(activities.map(\.postID)))
    let posts = try await rows(
      """
      SELECT id, restaurant, caption, width, height, color, originalKey, displayKey,
        thumbnailKey, photoDescription
      FROM post WHERE id = ANY(\(postIDs))
      """
    ) { row in
      let photo = StoredPhoto(
        width: Int(try row[3].decode(Int32.self)), height: Int(try row[4].decode(Int32.self)),
        color: try row[5].decode(String.self), originalKey: try row[6].decode(String.self),
        displayKey: try row[7].decode(String.self), thumbnailKey: try row[8].decode(String.self),
        description: try row[9].decode(String.self))
      return NotificationGroup.PostSummary(
        id: try row[0].decode(Int64.self), restaurant: try row[1].decode(String.self),
        caption: try row[2].decode(String.self), photo: photo.photo)
    }
    return (
      activities, Dictionary(people.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
      Dictionary(posts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), readAt
    )
  }

  /// How many things others did to a person's posts since they last read.
  func unreadActivity(userID: Int64) async throws -> Int {
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT COUNT(*) FROM (\(Self.activitySQL)) AS unread
        """)
    query.binds.append(userID, context: .default)
    query.binds.append(try await readAt(userID), context: .default)
    return Int(try await value(Int64.self, query) ?? 0)
  }

  /// Marks everything so far as read, and rings the person's other tabs.
  func markActivityRead(userID: Int64, now: Date) async throws {
    try await transaction { [self] connection in
      try await connection.query(
        """
        UPDATE account SET notificationsReadAt = GREATEST(notificationsReadAt, \(Self.millis(now)))
        WHERE id = \(userID)
        """, logger: logger)
      try await Self.appendChange(
        connection, logger: logger, kind: .notification, postID: 0, authorID: userID, now: now,
        actorID: userID)
    }
  }

  private func readAt(_ userID: Int64) async throws -> Int64 {
    try await value(
      Int64.self, "SELECT notificationsReadAt FROM account WHERE id = \(userID)") ?? 0
  }
}
