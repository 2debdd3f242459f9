/// The state of a like after a like or unlike request.
public struct LikeState: Codable, Hashable, Sendable {
  /// The post.
  public var postID: Int64
  /// Whether the viewer now likes it.
  public var liked: Bool
  /// The exact number of likes after the request.
  public var likeCount: Int

  /// Creates a like state.
  public init(postID: Int64, liked: Bool, likeCount: Int) {
    self.postID = postID
    self.liked = liked
    self.likeCount = likeCount
  }
}
