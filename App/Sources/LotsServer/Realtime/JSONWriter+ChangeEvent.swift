import LotsCore

extension JSONWriter {
  /// The `ChangeEvent` a viewer gets for an entry, written from the entry's rendered post: the
  /// same document `JSONEncoder` makes of `entry.event(for:previous:)`, without encoding the
  /// post once per subscriber.
  mutating func write(
    _ entry: ChangeEntry, for viewerID: Int64?, previous: Int64, blocked: Set<Int64> = []
  ) {
    let event = entry.event(for: viewerID, previous: previous, blocked: blocked)
    raw("{\"seq\":")
    integer(event.seq)
    raw(",\"previous\":")
    integer(event.previous)
    raw(",\"kind\":")
    string(event.kind.rawValue)
    field(",\"postID\":", event.postID)
    if let post = event.post, let rendered = entry.postJSON {
      raw(",\"post\":")
      bytes.append(contentsOf: rendered.head)
      counts(
        likeCount: post.likeCount, likedByMe: post.likedByMe, commentCount: post.commentCount)
      bytes.append(contentsOf: rendered.tail)
    }
    if let likeCount = event.likeCount {
      raw(",\"likeCount\":")
      integer(Int64(likeCount))
    }
    if let likedByMe = event.likedByMe {
      raw(likedByMe ? ",\"likedByMe\":true" : ",\"likedByMe\":false")
    }
    field(",\"authorID\":", event.authorID)
    field(",\"listID\":", event.listID)
    if let comment = event.comment {
      raw(",\"comment\":")
      write(comment)
    }
    field(",\"commentID\":", event.commentID)
    field(",\"orderID\":", event.orderID)
    field(",\"storeID\":", event.storeID)
    raw("}")
  }

  /// Writes `key` (`,"name":`) and the value, when there is one.
  private mutating func field(_ key: StaticString, _ value: Int64?) {
    guard let value else { return }
    raw(key)
    integer(value)
  }
}
