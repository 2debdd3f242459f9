import Foundation
import HTTPTypes
import Hummingbird
import LotsCore

/// The signed-in person's notifications: grouped, with the bell's number, and marking them
/// read.
struct NotificationRoutes {
  let services: AppServices

  /// The most groups a page shows.
  static let pageLimit = 50

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("me/notifications") { _, context in
      let user = try context.requireUser()
      let found = try await services.storage.activity(userID: user.id)
      let groups = Activity.groups(
        found.activities, readAt: found.readAt, people: found.people, posts: found.posts,
        limit: Self.pageLimit)
      let unread = found.activities.filter { $0.createdAt > found.readAt }.count
      return NotificationPage(items: groups, unreadCount: unread)
    }
    router.get("me/notifications/unread") { _, context in
      let user = try context.requireUser()
      return UnreadCount(unreadCount: try await services.storage.unreadActivity(userID: user.id))
    }
    router.post("me/notifications/read") { _, context in
      let user = try context.requireUser()
      try await services.storage.markActivityRead(userID: user.id, now: Date())
      return HTTPResponse.Status.noContent
    }
  }
}

extension NotificationPage: ResponseEncodable {}
extension UnreadCount: ResponseEncodable {}
