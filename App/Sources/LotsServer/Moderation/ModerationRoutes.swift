import Foundation
import Hummingbird
import LotsCore

/// Report posts and comments; block and unblock users, and list one's own blocks (to undo them). The list
/// of one's blocks is never exposed to others.
struct ModerationRoutes {
  let services: AppServices
  /// The most blocks one list shows: more than a person keeps track of by hand.
  static let blockListLimit = 1_000

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.post("posts/:id/reports") { request, context in
      try await report(request, context, comment: false)
    }
    router.post("comments/:id/reports") { request, context in
      try await report(request, context, comment: true)
    }
    router.put("users/:username/block") { _, context in try await block(true, context) }
    router.delete("users/:username/block") { _, context in try await block(false, context) }
    router.get("me/blocks") { _, context in
      let user = try context.requireUser()
      return try await services.storage.blockList(of: user.id, limit: Self.blockListLimit)
    }
  }

  /// Reports the post (or, with `comment`, the comment) named by the path.
  func report(_ request: Request, _ context: AppRequestContext, comment: Bool) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let id = try Request.id(context, noun: comment ? "comment" : "post")
    var request = request
    let body = try await request.decodeStrictly(
      ReportRequest.self, within: services.configuration.requestBodyTimeout)
    let reason: String
    do {
      reason = try Validation.text(body.reason, field: "reason", length: 1...500, multiline: true)
    } catch { throw AppError(error) }
    try services.reportingLimiter.check(String(user.id), action: "report")
    if comment {
      try await services.storage.reportComment(
        commentID: id, userID: user.id, reason: reason, now: Date())
    } else {
      try await services.storage.report(postID: id, userID: user.id, reason: reason, now: Date())
    }
    return .noContent
  }

  func block(_ blocked: Bool, _ context: AppRequestContext) async throws -> HTTPResponse.Status {
    let user = try context.requireUser()
    let name = context.parameters.get("username") ?? ""
    try services.blockingLimiter.check(String(user.id), action: "block")
    try await services.storage.setBlock(blocked, username: name, blockerID: user.id, now: Date())
    services.hub.blocksDidChange()
    return .noContent
  }
}

extension BlockList: ResponseEncodable {}
