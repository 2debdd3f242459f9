import Foundation
import LotsCore

/// One thing someone did to a post of the viewer's, as storage reads it: the raw material of
/// notifications, which are not stored but derived from the likes, comments, saves and
/// moderation decisions themselves (so an unlike or a deleted comment takes its notification
/// with it, and a like costs no second write).
struct Activity: Sendable, Equatable {
  var kind: NotificationGroup.Kind
  var postID: Int64
  /// Who did it (nil for a moderator's decision, which names no one).
  var actorID: Int64?
  /// Stored milliseconds.
  var createdAt: Int64
  /// A comment's text, or a decision's action.
  var detail: String
  /// For a decision on the viewer's comment (under post `postID`): that comment's text;
  /// empty otherwise.
  var about: String = ""

  /// The most activities a page of notifications is made from.
  static let window = 500

  /// Groups activities (newest first) by what was done to which post: likes, saves and
  /// comments of one post are one group each; every decision is its own.
  /// - Parameters:
  ///   - readAt: When the viewer last read, stored milliseconds.
  ///   - people: The actors by id; posts: the posts by id (groups of posts missing are
  ///     dropped).
  /// - Complexity: O(n) for n activities.
  static func groups(
    _ activities: [Activity], readAt: Int64, people: [Int64: User],
    posts: [Int64: NotificationGroup.PostSummary], limit: Int
  ) -> [NotificationGroup] {
    struct Key: Hashable {
      var kind: NotificationGroup.Kind
      var postID: Int64
      var at: Int64
    }
    var order: [Key] = []
    var found: [Key: (group: NotificationGroup, seen: Set<Int64>)] = [:]
    for activity in activities {
      guard let post = posts[activity.postID] else { continue }
      let key = Key(
        kind: activity.kind, postID: activity.postID,
        at: activity.kind == .moderation ? activity.createdAt : 0)
      if var entry = found[key] {
        if let actor = activity.actorID, !entry.seen.contains(actor) {
          entry.seen.insert(actor)
          entry.group.peopleCount += 1
          if entry.group.people.count < 3, let user = people[actor] {
            entry.group.people.append(user)
          }
        }
        found[key] = entry
        continue
      }
      guard order.count < limit else { continue }
      order.append(key)
      let user = activity.actorID.flatMap { people[$0] }
      found[key] = (
        NotificationGroup(
          kind: activity.kind, post: post, people: user.map { [$0] } ?? [],
          peopleCount: activity.actorID == nil ? 0 : 1,
          latestAt: Date(timeIntervalSince1970: Double(activity.createdAt) / 1000),
          unread: activity.createdAt > readAt,
          excerpt: activity.kind == .comment || activity.kind == .moderation
            ? activity.detail : nil,
          comment: activity.about.isEmpty ? nil : activity.about),
        Set(activity.actorID.map { [$0] } ?? [])
      )
    }
    return order.compactMap { found[$0]?.group }
  }
}
