import Foundation
import LotsCore

/// What notifications need from storage: the activity around a person's posts, and when they
/// last read it.
protocol NotificationStore: Sendable {
  /// The newest ``Activity/window`` things others did to `userID`'s posts, newest first,
  /// none by someone they block; with the people and posts they name, and the read time.
  func activity(userID: Int64) async throws -> (
    activities: [Activity], people: [Int64: User], posts: [Int64: NotificationGroup.PostSummary],
    readAt: Int64
  )
  /// How many things others did to `userID`'s posts since they last read.
  func unreadActivity(userID: Int64) async throws -> Int
  /// Marks everything so far as read, and tells the person's other tabs (a `notification`
  /// event).
  func markActivityRead(userID: Int64, now: Date) async throws
}
