import Foundation
import LotsCore
import Testing

@testable import LotsServer

/// Accounts and sessions behave the same on every backend.
@Suite(.oncePerRun) struct AccountStoreBehaviourTests {
  @Test(arguments: StoreBackend.allCases)
  func namesAreUniqueWhateverTheirCase(_ backend: StoreBackend) async throws {
    try await backend.withStore { store in
      let now = Date(timeIntervalSince1970: 1_790_000_000.123)
      let ana = try await store.createUser(username: "Ana", passwordHash: "h1", now: now)
      #expect(ana.username == "Ana")
      #expect(ana.createdAt == now)
      let found = try #require(try await store.account(named: "aNA"))
      #expect(found.user == ana)
      #expect(found.passwordHash == "h1")
      #expect(try await store.user(id: ana.id) == ana)
      #expect(try await store.user(id: ana.id + 1000) == nil)
      #expect(try await store.account(named: "ben") == nil)
      await #expect {
        _ = try await store.createUser(username: "ANA", passwordHash: "h2", now: now)
      } throws: { error in
        (error as? AppError)?.status == .conflict && (error as? AppError)?.field == "username"
      }
      // Nothing half-written: the first account is as it was, and the next name still works.
      #expect(try await store.account(named: "ana")?.passwordHash == "h1")
      let ben = try await store.createUser(username: "ben", passwordHash: "h3", now: now)
      #expect(ben.id != ana.id)
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func oneOfManySimultaneousSignUpsWithOneNameWins(_ backend: StoreBackend) async throws {
    try await backend.withStore { store in
      let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
        for _ in 0..<12 {
          group.addTask {
            do {
              _ = try await store.createUser(username: "same", passwordHash: "h", now: Date())
              return true
            } catch let error as AppError where error.status == .conflict {
              return false
            }
          }
        }
        return try await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(outcomes.filter { $0 }.count == 1)
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func sessionsLastUntilTheyExpireOrEnd(_ backend: StoreBackend) async throws {
    try await backend.withStore { store in
      let now = Date(timeIntervalSince1970: 1_790_000_000)
      let ana = try await store.createUser(username: "ana", passwordHash: "h", now: now)
      let ben = try await store.createUser(username: "ben", passwordHash: "h", now: now)
      let hour: TimeInterval = 3600
      try await store.createSession(tokenHash: "a1", userID: ana.id, expiresAt: now + hour)
      try await store.createSession(tokenHash: "a2", userID: ana.id, expiresAt: now + 2 * hour)
      try await store.createSession(tokenHash: "a3", userID: ana.id, expiresAt: now + 3 * hour)
      try await store.createSession(tokenHash: "b1", userID: ben.id, expiresAt: now + hour)
      let a1 = try #require(try await store.sessionUser(tokenHash: "a1", now: now))
      #expect(a1.user == ana)
      #expect(a1.expiresAt == now + hour)
      #expect(try await store.sessionUser(tokenHash: "a1", now: now + hour) == nil)
      #expect(try await store.sessionUser(tokenHash: "nope", now: now) == nil)

      // A new password keeps the session that changed it and ends the others of that user.
      try await store.changePassword(
        userID: ana.id, passwordHash: "new", keeping: "a2", key: nil)
      #expect(try await store.account(named: "ana")?.passwordHash == "new")
      #expect(try await store.sessionUser(tokenHash: "a1", now: now) == nil)
      #expect(try await store.sessionUser(tokenHash: "a2", now: now)?.user == ana)
      #expect(try await store.sessionUser(tokenHash: "a3", now: now) == nil)
      #expect(try await store.sessionUser(tokenHash: "b1", now: now)?.user == ben)

      try await store.deleteSession(tokenHash: "a2")
      #expect(try await store.sessionUser(tokenHash: "a2", now: now) == nil)
      try await store.createSession(tokenHash: "b2", userID: ben.id, expiresAt: now + hour)
      try await store.deleteSessions(userID: ben.id)
      #expect(try await store.sessionUser(tokenHash: "b1", now: now) == nil)
      #expect(try await store.sessionUser(tokenHash: "b2", now: now) == nil)

      try await store.createSession(tokenHash: "old", userID: ana.id, expiresAt: now)
      try await store.createSession(tokenHash: "new", userID: ana.id, expiresAt: now + hour)
      #expect(try await store.deleteExpiredSessions(now: now) == 1)
      #expect(try await store.sessionUser(tokenHash: "new", now: now)?.user == ana)
    }
  }
}
