import Foundation
import GRDB
import Testing

@testable import LotsServer

/// What an acknowledged write survives: the setting the writer connection really commits with
/// (GRDB's WAL set-up chooses NORMAL after any preparation hook, which once silently won).
@Suite(.oncePerRun) struct DurabilityTests {
  @Test(arguments: [(DatabasePolicy.Synchronous.full, 2), (.normal, 1)])
  func theWriterCommitsWithTheChosenSynchronousSetting(
    level: DatabasePolicy.Synchronous, pragma: Int
  ) async throws {
    var policy = DatabasePolicy()
    policy.synchronous = level
    let (database, directory) = try ChangeLogTests.database(policy: policy)
    defer { try? FileManager.default.removeItem(at: directory) }
    let value = try await database.writer.write { db in
      try Int.fetchOne(db, sql: "PRAGMA synchronous")
    }
    #expect(value == pragma)
    #expect(DatabasePolicy().synchronous == .full)
  }
}
