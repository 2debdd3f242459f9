import Foundation
import Hummingbird
import LotsCore

/// The moderators' review: the queue of reported posts and comments, decisions on them, and
/// the audit trail. Everyone else gets 403 (401 when signed out).
struct ReviewRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("moderation/queue") { _, context in
      _ = try await requireModerator(context)
      return try await services.storage.reviewQueue(limit: 100)
    }
    router.post("moderation/posts/:id/decision") { request, context in
      try await decide(request, context, comment: false)
    }
    router.post("moderation/comments/:id/decision") { request, context in
      try await decide(request, context, comment: true)
    }
    router.get("moderation/log") { request, context in
      _ = try await requireModerator(context)
      let text = request.uri.queryParameters.get("before")
      guard text == nil || Int64(text!) != nil else {
        throw AppError.badRequest("before must be an entry id")
      }
      return try await services.storage.moderationLog(
        before: text.flatMap { Int64($0) }, limit: 50)
    }
  }

  func requireModerator(_ context: AppRequestContext) async throws -> User {
    let user = try context.requireUser()
    guard try await services.storage.isModerator(user.id) else {
      throw AppError.forbidden("only moderators may review reports")
    }
    return user
  }

  /// Decides on the post (or, with `comment`, the comment) named by the path.
  func decide(_ request: Request, _ context: AppRequestContext, comment: Bool) async throws
    -> HTTPResponse.Status
  {
    let moderator = try await requireModerator(context)
    let id = try Request.id(context, noun: comment ? "comment" : "post")
    var request = request
    var decision = try await request.decodeStrictly(
      ModerationDecision.self, within: services.configuration.requestBodyTimeout)
    do {
      decision.note = try Validation.text(
        decision.note, field: "note", length: 0...500, multiline: true)
    } catch { throw AppError(error) }
    if comment {
      try await services.storage.decide(
        decision, commentID: id, moderatorID: moderator.id, now: Date())
    } else {
      try await services.storage.decide(
        decision, postID: id, moderatorID: moderator.id, now: Date())
    }
    return .noContent
  }
}

extension ReviewQueue: ResponseEncodable {}
extension ModerationLogPage: ResponseEncodable {}
