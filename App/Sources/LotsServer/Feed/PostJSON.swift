import Foundation
import LotsCore

/// The JSON of a post without its counts and `likedByMe`: the parts that change only when its
/// author edits it, rendered once per edit and reused by every page that shows it.
struct PostJSON: Sendable, Hashable {
  /// From `{` through `createdAt` (and `editedAt`).
  let head: [UInt8]
  /// From `photo` through the closing `}`.
  let tail: [UInt8]
  /// Which edit of the post this is (``FeedEntries/Entry/version``).
  let version: Int64

  init(_ post: Post) {
    var writer = JSONWriter(capacity: 512)
    writer.head(post)
    head = writer.bytes
    writer = JSONWriter(capacity: 256)
    writer.tail(post)
    tail = writer.bytes
    version = Self.version(post.editedAt)
  }

  /// The stored milliseconds of an edit time (0 for none): the nearest whole millisecond,
  /// which is exactly the stored value a date read from storage was made from.
  static func version(_ editedAt: Date?) -> Int64 {
    editedAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } ?? 0
  }
}
