import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import LotsCore
import Synchronization
import Testing

@testable import LotsServer

/// The image files and the posts that point at them stay in step: no file without a post
/// after a failed upload, no post without its file after a racing delete, no orphan for ever.
@Suite struct ImageDurabilityTests {
  /// The file store, failing its `failAt`-th write (1-based) as a full disk would.
  final class FailingStore: ImageStore, Sendable {
    let inner: FileImageStore
    let failAt: Int
    let puts = Mutex(0)

    init(_ inner: FileImageStore, failAt: Int) {
      self.inner = inner
      self.failAt = failAt
    }

    func put(_ bytes: [UInt8], fileExtension: String) throws -> String {
      let count = puts.withLock { count in
        count += 1
        return count
      }
      if count == failAt { throw AppError(.init(code: 507), "the server is out of disk space") }
      return try inner.put(bytes, fileExtension: fileExtension)
    }
    func open(key: String) async throws -> (length: Int, bytes: [UInt8]?)? {
      try await inner.open(key: key)
    }
    func body(forKey key: String, range: ClosedRange<Int>, context: some RequestContext)
      async throws -> ResponseBody
    { try await inner.body(forKey: key, range: range, context: context) }
    func remove(key: String) throws { try inner.remove(key: key) }
    func keys(writtenBefore date: Date) throws -> [String] {
      try inner.keys(writtenBefore: date)
    }
  }

  static func files(in directory: URL) -> [String] {
    let names = FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String]
    return (names ?? []).filter { $0.contains(".") && !$0.hasSuffix("/") && $0.count > 64 }
  }

  @Test func aFailedRenditionLeavesNoFileBehind() async throws {
    let configuration = TestApp.configuration()
    defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
    let folder = configuration.dataDirectory.appendingPathComponent("images")
    let store = FailingStore(try FileImageStore(directory: folder), failAt: 3)
    let services = try await makeServices(
      configuration, logger: Logger(label: "test"), images: store)
    let app = try buildApplication(services, logger: Logger(label: "test"))
    try await app.test(.router) { client in
      let ana = try await client.signUp("ana")
      let response = try await client.createPost(token: ana.token)
      #expect(response.status.code == 507, "\(response.text)")
      #expect(Self.files(in: folder).isEmpty, "the two renditions written were removed")
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(feed.items.isEmpty)
    }
  }

  /// The same photo posted while an earlier post of it is deleted: the new post's files stay.
  @Test func aDeleteRacingAnIdenticalUploadNeverLeavesAPostWithoutItsFiles() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let photo = try SyntheticPhoto.make(width: 96, height: 64)
      for _ in 0..<15 {
        let first = try await client.createPost(token: ana.token, photo: photo).decode(Post.self)
        async let deleted = client.send(.delete, "/api/posts/\(first.id)", token: ana.token)
        async let posted = client.createPost(token: bruno.token, photo: photo)
        let (gone, new) = try await (deleted, posted)
        #expect(gone.status == .noContent)
        let post = try new.decode(Post.self)
        for url in [post.photo.originalURL, post.photo.displayURL, post.photo.thumbnailURL] {
          #expect(try await client.send(.get, url).status == .ok, "\(url)")
        }
        _ = try await client.send(.delete, "/api/posts/\(post.id)", token: bruno.token)
      }
    }
  }

  @Test func orphansAreCollectedAndNothingElse() async throws {
    try await TestApp.withSeeder(users: 1, posts: 2) { seeder in
      try #require(try await seeder.seedIfEmpty() != nil)
      let services = seeder.services
      let folder = services.configuration.dataDirectory.appendingPathComponent("images")
      let kept = Self.files(in: folder).count
      let stray = try services.images.put(Array("not a post's".utf8), fileExtension: "jpg")
      let young = try services.images.put(Array("just uploaded".utf8), fileExtension: "png")
      let torn = folder.appendingPathComponent("ab/.tmp-crashed")
      try FileManager.default.createDirectory(
        at: torn.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("torn".utf8).write(to: torn)
      let old = Date().addingTimeInterval(-7_200)
      for path in [try FileImageStore(directory: folder).fileURL(stray), torn] {
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path.path)
      }
      let collector = OrphanCollector(services: services, logger: Logger(label: "test"))
      #expect(try await collector.collect(now: Date()) == 1)
      let left = Self.files(in: folder)
      #expect(!left.contains { $0.hasSuffix(stray) })
      #expect(left.contains { $0.hasSuffix(young) }, "too young to judge: an upload in flight")
      #expect(!FileManager.default.fileExists(atPath: torn.path))
      #expect(left.count == kept + 1)
    }
  }

  @Test(
    .enabled(
      if: StoreBackend.server == .sqlite,
      "SQLite's query plan (PostgreSQL's schema has the same indexes)"))
  func deletingAPostAsksTheIndexesNotTheWholeTable() async throws {
    try await TestApp.withSeeder(users: 1, posts: 0) { seeder in
      let storage = try #require(seeder.services.storage as? SQLiteStorage)
      let plan = try storage.readNow { db in
        try Row.fetchAll(
          db,
          sql: """
            EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM post WHERE originalKey = ?1
              OR displayKey = ?1 OR thumbnailKey = ?1)
            """, arguments: ["k"]
        ).map { $0["detail"] as String }
      }
      #expect(!plan.contains { $0.hasPrefix("SCAN post") }, "\(plan)")
      #expect(plan.contains { $0.contains("post_thumbnailKey") }, "\(plan)")
    }
  }
}
