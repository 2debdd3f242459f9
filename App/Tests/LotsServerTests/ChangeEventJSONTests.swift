import Foundation
import LotsCore
import NIOCore
import Testing

@testable import LotsServer

/// The stream writes events from each entry's rendered post; they read back exactly as the
/// events `JSONEncoder` would have written.
@Suite(.oncePerRun) struct ChangeEventJSONTests {
  static let post = Post(
    id: 7,
    author: User(id: 3, username: "ana \"quoted\"", createdAt: Date(timeIntervalSince1970: 1)),
    caption: "line\nbreak ✓", restaurant: "Curry Up", restaurantID: 2,
    area: "Mitte", mealDate: "2026-11-21",
    createdAt: Date(timeIntervalSince1970: 1_800_000_000.123), likeCount: 4, likedByMe: false,
    photo: PostPhoto(
      width: 40, height: 30, color: "#996334", originalURL: "/images/a.jpg",
      displayURL: "/images/b.webp", thumbnailURL: "/images/c.webp"))

  @Test func everyKindReadsBackAsTheEncodedEvent() throws {
    var insert = ChangeEntry(seq: 10, kind: .insert, postID: 7, authorID: 3)
    insert.post = Self.post
    var update = ChangeEntry(
      seq: 11, kind: .update, postID: 7, authorID: 3, actorID: 5, liked: true)
    update.post = Self.post
    update.likeCount = 5
    let delete = ChangeEntry(seq: 12, kind: .delete, postID: 7, authorID: 3)
    let block = ChangeEntry(seq: 13, kind: .block, postID: 0, authorID: 3, actorID: 5)
    let order = ChangeEntry(seq: 14, kind: .printOrder, postID: 21, authorID: 4, actorID: 5)
    let queue = ChangeEntry(seq: 15, kind: .printQueue, postID: 21, authorID: 4)
    #expect(queue.event(for: 9, previous: 2).storeID == 4)
    #expect(order.event(for: 5, previous: 2).orderID == 21)
    for entry in [insert, update, delete, block, order, queue] {
      for viewer: Int64? in [nil, 5, 9] {
        var writer = JSONWriter()
        writer.write(entry, for: viewer, previous: 2)
        let written = try JSONCoding.decoder().decode(
          ChangeEvent.self, from: Data(writer.bytes))
        // Compared after the same trip through JSON (dates keep milliseconds).
        let encoded = try JSONCoding.decoder().decode(
          ChangeEvent.self,
          from: JSONCoding.encoder().encode(entry.event(for: viewer, previous: 2)))
        #expect(written == encoded, "\(entry.kind) for \(viewer ?? 0)")
      }
    }
  }
}
