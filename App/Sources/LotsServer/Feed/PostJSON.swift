import LotsCore

/// The JSON of a post without its like count and `likedByMe`: the parts that never change once
/// it is posted, rendered once and reused by every page that shows it.
struct PostJSON: Sendable, Hashable {
  /// From `{` through `createdAt`.
  let head: [UInt8]
  /// From `photo` through the closing `}`.
  let tail: [UInt8]

  init(_ post: Post) {
    var writer = JSONWriter(capacity: 512)
    writer.head(post)
    head = writer.bytes
    writer = JSONWriter(capacity: 256)
    writer.tail(post)
    tail = writer.bytes
  }
}
