import Foundation
import LotsCore
import NIOCore
import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct JSONWriterTests {
  static let tricky = [
    "", "plain", "quote \" and \\ backslash", "new\nline\ttab\r", "\u{1}\u{1f}", "/slashes/",
    "ünïcødé 🍜 ラーメン", "\u{2028}", "Robert'); DROP TABLE post;--",
  ]

  static func post(_ index: Int, _ text: String) -> Post {
    Post(
      id: Int64(index),
      author: User(id: 7, username: "ana", createdAt: Date(timeIntervalSince1970: 1.5)),
      caption: text, restaurant: text + "!", restaurantID: Int64(index + 1),
      area: text, mealDate: "2026-11-21",
      createdAt: Date(timeIntervalSince1970: 1_763_700_000.125), likeCount: index * 3,
      likedByMe: index % 2 == 0,
      photo: PostPhoto(
        width: 600, height: 800, color: "#a0b1c2", originalURL: "/images/a.jpg",
        displayURL: "/images/b.webp", thumbnailURL: "/images/c.webp"))
  }

  @Test(arguments: [0, 1, 2, 9])
  func writesWhatTheDecoderReadsBack(count: Int) throws {
    let items = (0..<count).map { Self.post($0, Self.tricky[$0 % Self.tricky.count]) }
    for cursor in [nil, "abc"] as [String?] {
      let page = FeedPage(items: items, nextCursor: cursor, sequence: 42)
      var writer = JSONWriter()
      writer.write(page)
      let data = Data(buffer: writer.buffer)
      #expect(try JSONCoding.decoder().decode(FeedPage.self, from: data) == page)
      // Same document as JSONEncoder's, key for key.
      let ours = try JSONSerialization.jsonObject(with: data) as? NSDictionary
      let theirs =
        try JSONSerialization.jsonObject(with: JSONCoding.encoder().encode(page))
        as? NSDictionary
      #expect(ours == theirs)
    }
  }
}

extension JSONWriterTests {
  /// Numbers are written digit by digit: the extremes, zero and negatives read back exactly.
  @Test(arguments: [Int64.min, -1, 0, 7, 10, 1_000_000_007, Int64.max])
  func writesIntegersExactly(_ value: Int64) throws {
    var post = Self.post(3, "x")
    post.id = value
    post.author.id = -(value / 3)
    post.likeCount = Int(value / 7)
    post.photo.width = Int(value % 10_000)
    let page = FeedPage(items: [post], nextCursor: nil, sequence: value)
    var writer = JSONWriter()
    writer.write(page)
    let decoded = try JSONCoding.decoder().decode(FeedPage.self, from: Data(buffer: writer.buffer))
    #expect(decoded == page)
  }
}
