import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// `GET /api/me/blocks`: the people one blocked, newest first, so a block can be undone; only
/// ever one's own.
@Suite struct BlockListTests {
  @Test func listsOnesOwnBlocksNewestFirstAndUnblockEmptiesIt() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let carla = try await client.signUp("carla")
      for name in ["bruno", "chen", "dara"] { _ = try await client.signUp(name) }
      #expect(try await client.send(.get, "/api/me/blocks").status == .unauthorized)
      var list = try await client.send(.get, "/api/me/blocks", token: ana.token)
      #expect(list.status == .ok)
      #expect(try list.decode(BlockList.self).users.isEmpty)
      for name in ["bruno", "chen", "dara"] {
        let blocked = try await client.send(.put, "/api/users/\(name)/block", token: ana.token)
        #expect(blocked.status == .noContent)
        try await Task.sleep(for: .milliseconds(2))  // distinct times, newest last
      }
      list = try await client.send(.get, "/api/me/blocks", token: ana.token)
      let users = try list.decode(BlockList.self).users
      #expect(users.map(\.username) == ["dara", "chen", "bruno"])
      #expect(users.map(\.blockedAt) == users.map(\.blockedAt).sorted(by: >))
      // Someone else's list is theirs: carla blocked no one.
      let others = try await client.send(.get, "/api/me/blocks", token: carla.token)
      #expect(try others.decode(BlockList.self).users.isEmpty)
      let unblocked = try await client.send(.delete, "/api/users/chen/block", token: ana.token)
      #expect(unblocked.status == .noContent)
      list = try await client.send(.get, "/api/me/blocks", token: ana.token)
      #expect(try list.decode(BlockList.self).users.map(\.username) == ["dara", "bruno"])
    }
  }
}
