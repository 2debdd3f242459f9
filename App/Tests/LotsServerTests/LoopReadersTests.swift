import Foundation
import GRDB
import NIOCore
import NIOPosix
import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct LoopReadersTests {
  /// A read on an event loop goes through that loop's own connection and sees every commit
  /// made before it; off the loops, reads use the pool.
  @Test func loopReadsSeeEveryCommitAtOnce() async throws {
    let (database, directory) = try ChangeLogTests.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try #require(database.loopReaders).current == nil)
    let author = try await database.createUser(username: "ana", passwordHash: "x", now: Date())
    var loops = MultiThreadedEventLoopGroup.singleton.makeIterator()
    for expected in 1...20 {
      _ = try await database.insertPost(ChangeLogTests.newPost(author: author.id), now: Date())
      // Alternate between the loops, so every connection reads after a commit.
      let loop = loops.next() ?? MultiThreadedEventLoopGroup.singleton.next()
      let (count, label) = try await loop.submit {
        try database.readStatementNow { db in
          (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post") ?? -1, db.configuration.label)
        }
      }.get()
      #expect(label == "LoopReader")
      #expect(count == expected)
    }
  }

  /// The loops' connections are read-only: a write through one fails and changes nothing.
  @Test func loopConnectionsCannotWrite() async throws {
    let (database, directory) = try ChangeLogTests.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    let loop = MultiThreadedEventLoopGroup.singleton.next()
    let failed = try await loop.submit {
      do {
        try database.readStatementNow { db in
          try db.execute(sql: "INSERT INTO rankingSnapshot (createdAt, postIds) VALUES (0, '')")
        }
        return false
      } catch {
        return true
      }
    }.get()
    #expect(failed)
    let rows = try await database.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM rankingSnapshot")
    }
    #expect(rows == 0)
  }
}
