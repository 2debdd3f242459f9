/// One page of a feed.
public struct FeedPage: Codable, Hashable, Sendable {
  /// The posts of this page, in feed order.
  public var items: [Post]
  /// An opaque cursor for the next page, or `nil` at the end.
  public var nextCursor: String?
  /// The change-log sequence of the snapshot the page was read from: subscribing to the stream
  /// from it yields exactly the later changes.
  public var sequence: Int64

  /// Creates a page.
  public init(items: [Post], nextCursor: String?, sequence: Int64) {
    self.items = items
    self.nextCursor = nextCursor
    self.sequence = sequence
  }
}
