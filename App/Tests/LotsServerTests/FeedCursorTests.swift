import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct FeedCursorTests {
  @Test func roundTripsAndChecksTheFeed() throws {
    let keyset = FeedCursor.keyset(feed: "main", key: 1_700_000_000_123, id: 42)
    #expect(try FeedCursor(token: keyset.token, feed: "main") == keyset)
    #expect(throws: AppError.self) { try FeedCursor(token: keyset.token, feed: "likes") }
    let ranked = FeedCursor.ranked(snapshot: 3, offset: 60)
    #expect(try FeedCursor(token: ranked.token, feed: "inspire") == ranked)
    #expect(throws: AppError.self) { try FeedCursor(token: ranked.token, feed: "main") }
  }

  @Test(arguments: ["", "!!!", "cg", String(repeating: "A", count: 300), "ci0xfC0x"])
  func refusesForgeries(_ token: String) {
    #expect(throws: AppError.self) { try FeedCursor(token: token, feed: "inspire") }
  }
}
