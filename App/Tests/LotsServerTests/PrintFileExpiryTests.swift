import Foundation
import Logging
import LotsCore
import Testing

@testable import LotsServer

/// Booster's files go when the order form says they do: a file never ordered a day after its
/// upload, an order's files a week after it is collected, cancelled or refused, an open
/// order's never; the row first, then the file on disk.
@Suite struct PrintFileExpiryTests {
  static let day = 86_400.0

  @Test(arguments: StoreBackend.allCases)
  func filesAreForgottenWhenTheirTimeIsUpAndNotBefore(_ backend: StoreBackend) async throws {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      // Given a student's four files: one never ordered, one in an open order, one in an order
      // collected and one in an order cancelled, all on the same day.
      let shop = try await store.addPrintStore(PrintStoreTests.store("Copy", 52.5, 13.4))
      let ana = try await store.createUser(username: "ana", passwordHash: "h", now: Date()).id
      let clerk = try await store.createUser(username: "clerk", passwordHash: "h", now: Date()).id
      try await store.setStaff(accountID: clerk, storeID: shop)
      let start = Date()
      _ = try await store.topUp(accountID: ana, amount: 1_000, staffID: clerk, now: start)
      func file(_ name: String) async throws -> Int64 {
        try await store.addPrintFile(
          NewPrintFile(
            accountID: ana, name: "\(name).pdf", kind: .pdf, bytes: 10, sha256: name, pages: 1,
            path: name), now: start
        ).id
      }
      func order(_ file: Int64, _ key: String) async throws -> PrintOrder {
        var order = CreditLedgerTests.order(ana, store: shop, total: 100, key: key)
        order.fileIDs = [file]
        return try await store.placeOrder(order, now: start).order
      }
      _ = try await file("loose")
      _ = try await order(try await file("open"), "open")
      let collected = try await order(try await file("collected"), "collected")
      for action in [PrintOrderState.Action.start, .finish] {
        _ = try await store.advanceOrder(
          id: collected.id, storeID: shop, action: action, reason: nil, now: start)
      }
      let code = try #require(try await store.order(id: collected.id, accountID: ana)?.pickupCode)
      #expect(try await store.pickUp(code: code, storeID: shop, now: start)?.state == .pickedUp)
      let cancelled = try await order(try await file("cancelled"), "cancelled")
      _ = try await store.cancelOrder(id: cancelled.id, accountID: ana, now: start)
      func expired(after days: Double) async throws -> Set<String> {
        Set(try await store.takeExpiredPrintFiles(now: start + days * Self.day, limit: 10))
      }
      // Then a second short of a day nothing goes; a second after it, the file never ordered.
      #expect(try await expired(after: 1 - 1 / Self.day) == [])
      #expect(try await expired(after: 1 + 1 / Self.day) == ["loose"])
      // A second short of a week after closing, nothing more; a second after, both closed
      // orders' files; the open order's never.
      #expect(try await expired(after: 7 - 1 / Self.day) == [])
      #expect(try await expired(after: 7 + 1 / Self.day) == ["collected", "cancelled"])
      #expect(try await expired(after: 10_000) == [])
    }
  }

  @Test func theSweeperDeletesTheFileWhoseRowItForgot() async throws {
    try await TestApp.runWithServices { client, services in
      let ana = try await client.signUp("ana")
      let kept = try services.printFiles.put([1, 2, 3], fileExtension: "pdf")
      let gone = try services.printFiles.put([4, 5, 6], fileExtension: "pdf")
      let now = Date()
      for stored in [kept, gone] {
        _ = try await services.storage.addPrintFile(
          NewPrintFile(
            accountID: ana.user.id, name: "a.pdf", kind: .pdf, bytes: 3, sha256: stored.sha256,
            pages: 1, path: stored.name), now: stored.name == gone.name ? now - 2 * Self.day : now)
      }
      let sweeper = PrintFileSweeper(services: services, logger: Logger(label: "test"))
      #expect(try await sweeper.sweep(now: now) == 1)
      let exists = { (name: String) in
        FileManager.default.fileExists(atPath: services.printFiles.url(of: name)?.path ?? "")
      }
      #expect(!exists(gone.name) && exists(kept.name))
      #expect(try await services.storage.printFileIsNamed(gone.name) == false)
      #expect(try await services.storage.printFileIsNamed(kept.name))
    }
  }
}
