import Foundation
import HTTPTypes
import Hummingbird
import LotsCore

/// Comments under posts: read them (anyone who may see the post), write them, delete one's
/// own or any under one's own post.
struct CommentRoutes {
  let services: AppServices

  /// The most comments in a page, and the default.
  static let pageLimit = 50

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("posts/:id/comments") { request, context in
      let id = try Request.id(context)
      let limit = try SearchRoutes.limit(
        request.uri.queryParameters.get("limit"), default: Self.pageLimit,
        maximum: Self.pageLimit)
      let before = try Self.before(request)
      guard
        let page = try await services.storage.comments(
          postID: id, viewerID: context.user?.id, before: before, limit: limit)
      else { throw AppError.notFound("post") }
      return page
    }
    router.post("posts/:id/comments") { request, context in
      let user = try context.requireUser()
      let id = try Request.id(context)
      try services.likingLimiter.check(String(user.id), action: "comment")
      var request = request
      let body = try await request.decodeStrictly(
        CommentRequest.self, within: services.configuration.requestBodyTimeout)
      let text: String
      do throws(ValidationError) {
        text = try Validation.text(
          body.body, field: "body", length: 1...Comment.lengthLimit, multiline: true)
      } catch {
        throw AppError(error)
      }
      let comment = try await services.storage.addComment(
        postID: id, userID: user.id, body: text, now: Date())
      return EditedResponse(status: .created, response: comment)
    }
    router.delete("comments/:id") { _, context in
      let user = try context.requireUser()
      guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
        throw AppError.notFound("comment")
      }
      try services.deletingLimiter.check(String(user.id), action: "delete")
      try await services.storage.deleteComment(id: id, userID: user.id, now: Date())
      return HTTPResponse.Status.noContent
    }
  }

  /// The `before` cursor: a comment's id, or none.
  static func before(_ request: Request) throws(AppError) -> Int64? {
    guard let text = request.uri.queryParameters.get("before") else { return nil }
    guard let id = Int64(text), id > 0 else {
      throw AppError.badRequest("before must be a comment's id", field: "before")
    }
    return id
  }
}

extension Comment: ResponseEncodable {}
extension CommentPage: ResponseEncodable {}
