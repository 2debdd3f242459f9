import Foundation
import Hummingbird
import LotsCore
import NIOCore

/// Writes feed pages as JSON straight into bytes: the same document `JSONEncoder` makes,
/// several times faster, since a page of 30 posts has some 700 fields.
///
/// The bytes grow in a plain array and are copied into a `ByteBuffer` once: a `ByteBuffer`
/// write per field checked uniqueness, capacity and exclusivity each time, which was most of
/// the writer's cost in a profile of the feed under load.
struct JSONWriter {
  var bytes: [UInt8] = []

  init(capacity: Int = 16_384) {
    bytes.reserveCapacity(capacity)
  }

  /// The document written so far.
  var buffer: ByteBuffer { ByteBuffer(bytes: bytes) }

  mutating func write(_ page: FeedPage) {
    writePage(page.items.count, nextCursor: page.nextCursor, sequence: page.sequence) {
      $0.write(page.items[$1])
    }
  }

  /// A page of posts whose unchanging parts were rendered before: `posts[i]` is the post of
  /// `page.entries[i]`.
  mutating func write(_ page: FeedEntries, _ posts: [PostJSON]) {
    precondition(page.entries.count == posts.count, "one rendered post per entry")
    writePage(posts.count, nextCursor: page.nextCursor, sequence: page.sequence) {
      let entry = page.entries[$1]
      $0.bytes.append(contentsOf: posts[$1].head)
      $0.counts(
        likeCount: entry.likeCount, likedByMe: entry.likedByMe, commentCount: entry.commentCount)
      $0.bytes.append(contentsOf: posts[$1].tail)
    }
  }

  private mutating func writePage(
    _ count: Int, nextCursor: String?, sequence: Int64, item: (inout JSONWriter, Int) -> Void
  ) {
    raw("{\"items\":[")
    for index in 0..<count {
      if index > 0 { raw(",") }
      item(&self, index)
    }
    raw("],")
    if let cursor = nextCursor {
      raw("\"nextCursor\":")
      string(cursor)
      raw(",")
    }
    raw("\"sequence\":")
    integer(sequence)
    raw("}")
  }

  // Every field is written piecewise: an interpolated `String` per field was the largest part
  // of a page's JSON in a profile (allocation, growth, copying).
  mutating func write(_ post: Post) {
    head(post)
    counts(likeCount: post.likeCount, likedByMe: post.likedByMe, commentCount: post.commentCount)
    tail(post)
  }

  /// A post's fields before its like count, which change only when its author edits it.
  mutating func head(_ post: Post) {
    raw("{\"id\":")
    integer(post.id)
    raw(",\"author\":")
    write(post.author)
    raw(",\"caption\":")
    string(post.caption)
    raw(",\"restaurant\":")
    string(post.restaurant)
    raw(",\"restaurantId\":")
    integer(post.restaurantID)
    raw(",\"area\":")
    string(post.area)
    raw(",\"mealDate\":")
    string(post.mealDate)
    raw(",\"createdAt\":")
    date(post.createdAt)
    if let editedAt = post.editedAt {
      raw(",\"editedAt\":")
      date(editedAt)
    }
  }

  /// The fields of a post that change without an edit: its counts and whether the viewer
  /// likes it.
  mutating func counts(likeCount: Int, likedByMe: Bool, commentCount: Int) {
    raw(",\"likeCount\":")
    integer(Int64(likeCount))
    raw(likedByMe ? ",\"likedByMe\":true" : ",\"likedByMe\":false")
    raw(",\"commentCount\":")
    integer(Int64(commentCount))
  }

  /// A post's fields after `likedByMe`: its photos, which change only when its author edits
  /// it; closes the post.
  mutating func tail(_ post: Post) {
    raw(",\"photo\":")
    write(post.photo)
    raw(",\"morePhotos\":[")
    for (index, photo) in post.morePhotos.enumerated() {
      if index > 0 { raw(",") }
      write(photo)
    }
    raw("]}")
  }

  mutating func write(_ photo: PostPhoto) {
    raw("{\"width\":")
    integer(Int64(photo.width))
    raw(",\"height\":")
    integer(Int64(photo.height))
    raw(",\"color\":")
    string(photo.color)
    raw(",\"originalURL\":")
    string(photo.originalURL)
    raw(",\"displayURL\":")
    string(photo.displayURL)
    raw(",\"thumbnailURL\":")
    string(photo.thumbnailURL)
    raw(",\"displayWidth\":")
    integer(Int64(photo.displayWidth))
    raw(",\"thumbnailWidth\":")
    integer(Int64(photo.thumbnailWidth))
    raw(",\"description\":")
    string(photo.description)
    raw("}")
  }

  mutating func write(_ comment: Comment) {
    raw("{\"id\":")
    integer(comment.id)
    raw(",\"postId\":")
    integer(comment.postID)
    raw(",\"author\":")
    write(comment.author)
    raw(",\"body\":")
    string(comment.body)
    raw(",\"createdAt\":")
    date(comment.createdAt)
    raw("}")
  }

  mutating func write(_ user: User) {
    raw("{\"id\":")
    integer(user.id)
    raw(",\"username\":")
    string(user.username)
    raw(",\"createdAt\":")
    date(user.createdAt)
    raw("}")
  }

  mutating func raw(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A decimal integer, written digit by digit without a `String`.
  mutating func integer(_ value: Int64) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      // The magnitude as UInt64, so that Int64.min has one too.
      var rest = value.magnitude
      var start = 20
      repeat {
        start -= 1
        digits[start] = 48 + UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// A date as a JSON string in ISO 8601 with milliseconds.
  private mutating func date(_ date: Date) {
    bytes.append(UInt8(ascii: "\""))
    ISO8601.withUTF8(date) { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    // Native strings are contiguous UTF-8 already; most need no escaping and are copied whole.
    text.withUTF8 { utf8 in
      var clean = 0
      for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 34 || byte == 92 {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
        escape(byte)
        clean = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw("\\\"")
    case UInt8(ascii: "\\"): raw("\\\\")
    case UInt8(ascii: "\n"): raw("\\n")
    case UInt8(ascii: "\r"): raw("\\r")
    case UInt8(ascii: "\t"): raw("\\t")
    default:
      let hex: StaticString = "0123456789abcdef"
      raw("\\u00")
      bytes.append(hex.utf8Start[Int(byte >> 4)])
      bytes.append(hex.utf8Start[Int(byte & 15)])
    }
  }
}

extension JSONWriter {
  /// The JSON document that `write` produces.
  static func buffer(_ write: (inout JSONWriter) -> Void) -> ByteBuffer {
    var writer = JSONWriter()
    write(&writer)
    return writer.buffer
  }
}
