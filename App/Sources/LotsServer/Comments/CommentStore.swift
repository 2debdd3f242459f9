import Foundation
import LotsCore

/// What comments need from storage. Adding or deleting one appends to the change log in the
/// same transaction, and keeps its post's comment count exact.
protocol CommentStore: Sendable {
  /// Up to `limit` comments of a post as `viewerID` may read them (none by someone they block),
  /// oldest first: the newest, or those before comment `before`.
  /// - Returns: nil when the viewer cannot see the post.
  func comments(postID: Int64, viewerID: Int64?, before: Int64?, limit: Int) async throws
    -> CommentPage?
  /// Adds a comment (text already validated) under a post.
  /// - Throws: ``AppError`` 404 for a post the user cannot see, 403 under a post by someone
  ///   who blocks them.
  func addComment(postID: Int64, userID: Int64, body: String, now: Date) async throws -> Comment
  /// Deletes a comment: its writer's own, or any under the user's own post.
  /// - Throws: ``AppError`` 404 for a comment the user cannot see, 403 for one they may not
  ///   delete.
  func deleteComment(id: Int64, userID: Int64, now: Date) async throws
}
