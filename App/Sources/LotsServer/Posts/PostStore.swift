import Foundation
import LotsCore

/// What posts and likes need from storage. Every write that changes a feed appends to the
/// change log in the same transaction (see ``ChangeLogStore``).
protocol PostStore: Sendable {
  /// Stores a post whose images are stored already.
  func insertPost(_ new: NewPost, now: Date) async throws -> Post
  /// How many posts (shown or hidden) these users have.
  func postCount(authorIDs: [Int64]) async throws -> Int
  /// The post a user created with an `Idempotency-Key`, as they see it, if it still exists.
  func post(idempotencyKey: String, userID: Int64) async throws -> Post?
  /// A post as a viewer sees it, or nil when it does not exist or is not visible to them.
  func post(id: Int64, viewerID: Int64?) async throws -> Post?
  /// Deletes the author's own post.
  /// - Throws: ``AppError`` 404 when there is no such post of theirs.
  func deletePost(id: Int64, userID: Int64, now: Date) async throws
  /// Applies an author's edit to their own post.
  /// - Returns: The post as its author now sees it, and the photos the edit removed.
  /// - Throws: ``AppError`` 404 for a post the user cannot see, 403 for someone else's, 400
  ///   for a photo that is not the post's.
  func editPost(_ change: PostChange, postID: Int64, userID: Int64, now: Date) async throws
    -> (post: Post, removed: [StoredPhoto])
  /// The image keys among `keys` that some post still uses.
  func referencedImageKeys(_ keys: [String]) async throws -> Set<String>
  /// Likes or unlikes a post, idempotently.
  /// - Throws: ``AppError`` 404 when the viewer can't see the post.
  func setLike(_ liked: Bool, postID: Int64, userID: Int64, now: Date) async throws -> LikeState
}
