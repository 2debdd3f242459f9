import Foundation
import LotsCore
import Testing

@testable import LotsServer

/// Colleges, stores near them and favourites, on both backends.
@Suite(.oncePerRun) struct PrintStoreTests {
  /// Open around the clock: a test passes whenever it runs.
  static let hours = (1...7).map { OpeningHours(weekday: $0, opens: 0, closes: 24 * 60) }

  static func store(_ name: String, _ latitude: Double, _ longitude: Double) -> NewPrintStore {
    NewPrintStore(
      name: name, address: "\(name) St", latitude: latitude, longitude: longitude,
      prices: DemoSeeder.prices(base: 10), pagesPerMinute: 20, holdingHours: 48, hours: hours,
      timeZone: "Europe/Berlin")
  }

  @Test(arguments: StoreBackend.allCases)
  func storesNearACollegeAreNearestFirstWithStarredOnesBeforeAll(_ backend: StoreBackend)
    async throws
  {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let campus = GeoPoint(latitude: 52.5180, longitude: 13.3934)
      let college = try await store.addCollege(
        name: "Humboldt-Universität", latitude: campus.latitude, longitude: campus.longitude)
      _ = try await store.addCollege(name: "TU Berlin", latitude: 52.5125, longitude: 13.3269)
      // East-west distances count by the cosine of the latitude: 0.004° of longitude here is
      // nearer than 0.004° of latitude.
      let far = try await store.addPrintStore(Self.store("Far", 52.5180, 13.4100))
      let east = try await store.addPrintStore(Self.store("East", 52.5180, 13.3974))
      let north = try await store.addPrintStore(Self.store("North", 52.5220, 13.3934))
      let elsewhere = try await store.addPrintStore(Self.store("Elsewhere", 48.1, 11.5))
      let ana = try await store.createUser(username: "ana", passwordHash: "h", now: Date()).id
      func near(_ viewer: Int64?, limit: Int = 10) async throws -> [PrintShop] {
        try await PrintShops.near(
          campus, radius: 3_000, viewerID: viewer, limit: limit, storage: store, now: Date())
      }
      #expect(try await near(ana).map(\.id) == [east, north, far])
      // The first box holds one store: it grows until it holds two, both within it.
      #expect(try await near(ana, limit: 2).map(\.id) == [east, north])
      try await store.setFavourite(true, storeID: far, accountID: ana, now: Date())
      // A starred store out of reach is not listed.
      try await store.setFavourite(true, storeID: elsewhere, accountID: ana, now: Date())
      let starred = try await near(ana)
      #expect(starred.map(\.id) == [far, east, north])
      #expect(starred.map(\.favourite) == [true, false, false])
      #expect(try await near(ana, limit: 2).map(\.id) == [far, east])
      try await store.setFavourite(false, storeID: elsewhere, accountID: ana, now: Date())
      // Another person's view has no stars.
      #expect(try await near(nil, limit: 2).map(\.id) == [east, north])
      #expect(
        try await store.starredShopRows(accountID: ana).map { [$0.id, $0.favourite ? 1 : 0] } == [
          [far, 1]
        ])
      try await store.setFavourite(false, storeID: far, accountID: ana, now: Date())
      #expect(try await store.starredShopRows(accountID: ana).isEmpty)
      await #expect(throws: AppError.self) {
        try await store.setFavourite(true, storeID: 9_999, accountID: ana, now: Date())
      }
      // Distances in metres, and the college search.
      #expect((265...280).contains(starred[1].distance ?? 0))
      #expect(try await store.colleges(matching: "humboldt", limit: 5).map(\.id) == [college])
      #expect(try await store.colleges(matching: "", limit: 5).count == 2)
      try await store.setCollege(college, accountID: ana)
      #expect(try await store.collegeID(accountID: ana) == college)
      await #expect(throws: AppError.self) { try await store.setCollege(77, accountID: ana) }
      #expect(try await store.collegeID(accountID: ana) == college)
    }
  }

  @Test func openNowFollowsTheStoresOwnClock() throws {
    // 2026-11-27 is a Friday (weekday 6); 07:30 UTC is 08:30 in Berlin.
    let morning = Date(timeIntervalSince1970: 1_795_764_600)
    let hours = [OpeningHours(weekday: 6, opens: 8 * 60, closes: 9 * 60)]
    #expect(PrintShops.isWithin(hours, timeZone: "Europe/Berlin", at: morning))
    #expect(!PrintShops.isWithin(hours, timeZone: "UTC", at: morning))
    #expect(!PrintShops.isWithin(hours, timeZone: "Asia/Seoul", at: morning))
  }
}

/// Orders move only along their allowed transitions, through storage on both backends, and
/// each refused move changes nothing.
@Suite(.oncePerRun) struct PrintQueueTests {
  @Test(arguments: StoreBackend.allCases)
  func ordersMoveForwardOnlyAndEachRefusalChangesNothing(_ backend: StoreBackend) async throws {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let shop = try await store.addPrintStore(PrintStoreTests.store("Copy", 52.5, 13.4))
      let other = try await store.addPrintStore(PrintStoreTests.store("Other", 52.5, 13.4))
      let ana = try await store.createUser(username: "ana", passwordHash: "h", now: Date()).id
      let clerk = try await store.createUser(username: "clerk", passwordHash: "h", now: Date()).id
      try await store.setStaff(accountID: clerk, storeID: shop)
      #expect(try await store.staffStoreID(accountID: clerk) == shop)
      _ = try await store.topUp(accountID: ana, amount: 1_000, staffID: clerk, now: Date())
      func place(_ key: String) async throws -> PrintOrder {
        try await store.placeOrder(
          CreditLedgerTests.order(ana, store: shop, total: 100, key: key), now: Date()
        ).order
      }
      let first = try await place("a")
      let second = try await place("b")
      #expect(first.ordersAhead == 0 && second.ordersAhead == 1)
      #expect(second.pagesAhead == 10)
      // Every move not allowed in `ordered` is refused and changes nothing.
      for action in [PrintOrderState.Action.finish, .pickUp] {
        await #expect(throws: AppError.self) {
          _ = try await store.advanceOrder(
            id: first.id, storeID: shop, action: action, reason: nil, now: Date())
        }
      }
      // Staff of another store do not see it.
      await #expect(throws: AppError.self) {
        _ = try await store.advanceOrder(
          id: first.id, storeID: other, action: .start, reason: nil, now: Date())
      }
      #expect(try await store.order(id: first.id, accountID: ana)?.state == .ordered)
      let printing = try await store.advanceOrder(
        id: first.id, storeID: shop, action: .start, reason: nil, now: Date())
      #expect(printing.state == .printing)
      // No cancelling once printing; no starting twice.
      await #expect(throws: AppError.self) {
        _ = try await store.cancelOrder(id: first.id, accountID: ana, now: Date())
      }
      await #expect(throws: AppError.self) {
        _ = try await store.advanceOrder(
          id: first.id, storeID: shop, action: .start, reason: nil, now: Date())
      }
      let done = try await store.advanceOrder(
        id: first.id, storeID: shop, action: .finish, reason: nil, now: Date())
      #expect(done.state == .done && done.pickupCode == nil)  // the staff never see the code
      let mine = try #require(try await store.order(id: first.id, accountID: ana))
      let code = try #require(mine.pickupCode)
      #expect(code.count == 6 && code.allSatisfy(\.isNumber))
      let held = try #require(mine.pickupExpiresAt).timeIntervalSince(mine.updatedAt)
      #expect(abs(held - 48 * 3_600) < 0.01, "held \(held) s")
      await #expect(throws: AppError.self) {
        _ = try await store.advanceOrder(
          id: first.id, storeID: shop, action: .refuse, reason: "jam", now: Date())
      }
      // A wrong code, another store's code, an expired code: nothing.
      let wrong = code == "000000" ? "000001" : "000000"
      #expect(try await store.pickUp(code: wrong, storeID: shop, now: Date()) == nil)
      #expect(try await store.pickUp(code: code, storeID: other, now: Date()) == nil)
      let later = Date().addingTimeInterval(49 * 3_600)
      #expect(try await store.pickUp(code: code, storeID: shop, now: later) == nil)
      let collected = try await store.pickUp(code: code, storeID: shop, now: Date())
      #expect(collected?.state == .pickedUp)
      #expect(try await store.pickUp(code: code, storeID: shop, now: Date()) == nil)
      // The second order is now first in the queue; the shop refuses it with a reason and
      // the credits come back.
      #expect(try await store.order(id: second.id, accountID: ana)?.ordersAhead == 0)
      let refused = try await store.advanceOrder(
        id: second.id, storeID: shop, action: .refuse, reason: "the file is blank", now: Date())
      #expect(refused.state == .refused && refused.reason == "the file is blank")
      let (balance, entries) = try await store.credits(accountID: ana, limit: 10)
      #expect(balance == 900)
      #expect(entries.first?.kind == .refund && entries.first?.orderID == second.id)
      #expect(try await store.orders(accountID: ana, active: true, limit: 10).isEmpty)
      #expect(
        try await store.orders(accountID: ana, active: false, limit: 10).map(\.id)
          == [second.id, first.id])
      #expect(try await store.storeOrders(storeID: shop, active: true, limit: 10).isEmpty)
      #expect(try await store.storeOrders(storeID: shop, active: false, limit: 10).count == 2)
    }
  }
}

/// When an order leaves a store's queue, the students of the orders behind it are told (their
/// place and ready time moved); a step that leaves the queue as it was tells no one else.
@Suite(.oncePerRun) struct PrintQueueNewsTests {
  @Test(arguments: StoreBackend.allCases)
  func theOrdersBehindOneThatLeftTheQueueAreTold(_ backend: StoreBackend) async throws {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let shop = try await store.addPrintStore(PrintStoreTests.store("Copy", 52.5, 13.4))
      let other = try await store.addPrintStore(PrintStoreTests.store("Other", 52.5, 13.4))
      let clerk = try await store.createUser(username: "clerk", passwordHash: "h", now: Date()).id
      var students: [Int64] = []
      for name in ["ana", "ben", "cy", "dee"] {
        let id = try await store.createUser(username: name, passwordHash: "h", now: Date()).id
        _ = try await store.topUp(accountID: id, amount: 1_000, staffID: clerk, now: Date())
        students.append(id)
      }
      func place(_ student: Int, at shop: Int64) async throws -> Int64 {
        try await store.placeOrder(
          CreditLedgerTests.order(students[student], store: shop, total: 100, key: "k\(student)"),
          now: Date()
        ).order.id
      }
      let (a, b, c) = (
        try await place(0, at: shop), try await place(1, at: shop), try await place(2, at: shop)
      )
      _ = try await place(3, at: other)  // another store's queue: never told
      /// The order events since the last look, as (order, student).
      var seen = try await store.changes(after: 0, limit: 1_000).last?.seq ?? 0
      func told() async throws -> [[Int64]] {
        let news = try await store.changes(after: seen, limit: 1_000)
        seen = news.last?.seq ?? seen
        return news.filter { $0.kind == .printOrder }.map { [$0.postID, $0.actorID ?? 0] }
      }
      _ = try await store.advanceOrder(
        id: a, storeID: shop, action: .start, reason: nil, now: Date())
      #expect(try await told() == [[a, students[0]]], "printing keeps its place in the queue")
      _ = try await store.advanceOrder(
        id: a, storeID: shop, action: .finish, reason: nil, now: Date())
      #expect(try await told() == [[a, students[0]], [b, students[1]], [c, students[2]]])
      _ = try await store.cancelOrder(id: b, accountID: students[1], now: Date())
      #expect(try await told() == [[b, students[1]], [c, students[2]]])
      #expect(try await store.order(id: c, accountID: students[2])?.ordersAhead == 0)
      _ = try await store.advanceOrder(
        id: c, storeID: shop, action: .refuse, reason: "jam", now: Date())
      #expect(try await told() == [[c, students[2]]])
    }
  }
}

/// A print order's events reach its student and its store's staff, and no one else.
@Suite(.oncePerRun) struct PrintEventAudienceTests {
  @Test func orderEventsReachTheirStudentAndQueueEventsTheirStoresStaff() {
    let order = ChangeEntry(seq: 1, kind: .printOrder, postID: 21, authorID: 4, actorID: 5)
    #expect(order.concerns(5, blocking: []))
    #expect(!order.concerns(6, blocking: [], staffOf: 4))
    #expect(!order.concerns(nil, blocking: []))
    let queue = ChangeEntry(seq: 2, kind: .printQueue, postID: 21, authorID: 4)
    #expect(queue.concerns(8, blocking: [], staffOf: 4))
    #expect(!queue.concerns(8, blocking: [], staffOf: 3))
    #expect(!queue.concerns(5, blocking: []))
    #expect(!queue.concerns(nil, blocking: []))
  }
}
