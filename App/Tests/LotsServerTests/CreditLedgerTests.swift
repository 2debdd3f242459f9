import Foundation
import LotsCore
import Testing

@testable import LotsServer

/// Credits on both backends: an append-only ledger whose balance is never negative and always
/// the sum of its entries, however many payments, retries, top-ups and cancels run at once.
@Suite(.oncePerRun) struct CreditLedgerTests {
  static let prices = PriceList(
    currency: "USD",
    sheets: [.init(paper: .a4, colour: .blackAndWhite, sides: .one, perSheet: 10)],
    bindings: [])

  /// A store, a student and the staff member who tops them up.
  private static func setUp(_ store: any Storage) async throws -> (
    storeID: Int64, student: Int64, staff: Int64
  ) {
    let storeID = try await store.addPrintStore(PrintStoreTests.store("Copy Corner", 52.52, 13.39))
    let student = try await store.createUser(username: "stu", passwordHash: "h", now: Date()).id
    let staff = try await store.createUser(username: "clerk", passwordHash: "h", now: Date()).id
    return (storeID, student, staff)
  }

  static func order(_ student: Int64, store: Int64, total: Int, key: String)
    -> NewPrintOrder
  {
    let line = PrintQuote.Line(
      fileID: 1, name: "a.pdf", pages: total / 10, options: PrintOptions(), sheets: total / 10,
      perSheet: 10, amount: total)
    let quote = PrintQuote(
      storeID: store, lines: [line], binding: .none, bindingPrice: 0, total: total,
      currency: "USD", token: "t")
    return NewPrintOrder(accountID: student, quote: quote, pages: total / 10, key: key)
  }

  /// The ledger's own consistency: entries chain (each balance is the one before plus its
  /// amount), never go below zero, and end at the balance.
  private static func checkLedger(_ store: any Storage, _ student: Int64) async throws
    -> [CreditEntry]
  {
    let (balance, newestFirst) = try await store.credits(accountID: student, limit: 100_000)
    let entries = Array(newestFirst.reversed())
    var running = 0
    for entry in entries {
      running += entry.amount
      #expect(entry.balanceAfter == running, "entry \(entry.id)")
      #expect(entry.balanceAfter >= 0)
    }
    #expect(balance == running)
    #expect(balance >= 0)
    return entries
  }

  @Test(arguments: StoreBackend.allCases)
  func twoTabsPayingAtOnceCannotOverspend(_ backend: StoreBackend) async throws {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let (storeID, student, staff) = try await Self.setUp(store)
      _ = try await store.topUp(accountID: student, amount: 500, staffID: staff, now: Date())
      // Two payments of 300 each from two tabs at once: exactly one goes through.
      let paid = await withTaskGroup(of: String?.self) { group in
        for tab in 0..<2 {
          group.addTask {
            let order = Self.order(student, store: storeID, total: 300, key: "tab-\(tab)")
            return (try? await store.placeOrder(order, now: Date())) != nil ? order.key : nil
          }
        }
        return await group.reduce(into: [String]()) { if let key = $1 { $0.append(key) } }
      }
      #expect(paid.count == 1)
      let entries = try await Self.checkLedger(store, student)
      #expect(entries.map(\.kind) == [.topUp, .charge])
      #expect(entries.last?.balanceAfter == 200)
      // The refused one said why, and a retry of the paid one charges nothing again.
      do {
        _ = try await store.placeOrder(
          Self.order(student, store: storeID, total: 300, key: "again"), now: Date())
        Issue.record("overspent")
      } catch let error as AppError {
        #expect(error.field == "credits")
      }
      let retry = try await store.placeOrder(
        Self.order(student, store: storeID, total: 300, key: paid[0]), now: Date())
      #expect(!retry.created)
      #expect(try await store.credits(accountID: student, limit: 10).balance == 200)
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func cancellingRefundsOnceAndOnlyWhileOrdered(_ backend: StoreBackend) async throws {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let (storeID, student, staff) = try await Self.setUp(store)
      _ = try await store.topUp(accountID: student, amount: 100, staffID: staff, now: Date())
      let (order, _) = try await store.placeOrder(
        Self.order(student, store: storeID, total: 80, key: "k"), now: Date())
      #expect(order.state == .ordered)
      let cancelled = try await store.cancelOrder(id: order.id, accountID: student, now: Date())
      #expect(cancelled.state == .cancelled)
      await #expect(throws: AppError.self) {
        _ = try await store.cancelOrder(id: order.id, accountID: student, now: Date())
      }
      // Someone else's order is not found, and changes nothing.
      await #expect(throws: AppError.self) {
        _ = try await store.cancelOrder(id: order.id, accountID: staff, now: Date())
      }
      let entries = try await Self.checkLedger(store, student)
      #expect(entries.map(\.kind) == [.topUp, .charge, .refund])
      #expect(entries.map(\.amount) == [100, -80, 80])
      #expect(entries[0].by == "clerk")
      #expect(entries[1].orderID == order.id && entries[2].orderID == order.id)
      await #expect(throws: AppError.self) {
        _ = try await store.topUp(accountID: student, amount: 0, staffID: staff, now: Date())
      }
      await #expect(throws: AppError.self) {
        _ = try await store.topUp(
          accountID: student, amount: PrintLimits.topUp + 1, staffID: staff, now: Date())
      }
    }
  }

  /// Seeded: eight clients at once top up, pay (some retrying a key already used) and cancel
  /// at random. The ledger stays consistent, every order is charged once, every cancelled one
  /// refunded once, and the balance is what the successful operations add up to.
  @Test(arguments: StoreBackend.allCases)
  func randomConcurrentClientsNeverOverspend(_ backend: StoreBackend) async throws {
    let seed = SeededRandom.replaySeed ?? UInt64.random(in: 1...UInt64.max)
    print("CreditLedgerTests.randomConcurrentClientsNeverOverspend(\(backend)) seed \(seed)")
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let (storeID, student, staff) = try await Self.setUp(store)
      let outcomes = try await withThrowingTaskGroup(of: [Int64: Int].self) { group in
        for client in 0..<8 {
          var random = SeededRandom(seed: seed &+ UInt64(client))
          group.addTask {
            // What this client's successful operations moved: order id → charged amount
            // (negative once refunded), and -1 for top-ups summed under id 0.
            var moved: [Int64: Int] = [0: 0]
            var placed: [(id: Int64, key: String, total: Int)] = []
            for step in 0..<25 {
              switch random.int(in: 0..<10) {
              case 0..<3:
                let amount = random.int(in: 1...300)
                _ = try await store.topUp(
                  accountID: student, amount: amount, staffID: staff, now: Date())
                moved[0, default: 0] += amount
              case 3..<7:
                let retry = !placed.isEmpty && random.int(in: 0..<4) == 0
                let key =
                  retry ? placed[random.int(in: 0..<placed.count)].key : "c\(client)-\(step)"
                let total =
                  retry ? placed.first { $0.key == key }!.total : random.int(in: 1...40) * 10
                do {
                  let (order, created) = try await store.placeOrder(
                    Self.order(student, store: storeID, total: total, key: key), now: Date())
                  #expect(created == !retry)
                  if created {
                    placed.append((order.id, key, total))
                    moved[order.id] = -total
                  }
                } catch let error as AppError where error.field == "credits" {
                  #expect(!retry)
                }
              default:
                guard let target = placed.randomElement(using: &random) else { continue }
                do {
                  _ = try await store.cancelOrder(id: target.id, accountID: student, now: Date())
                  moved[target.id] = 0
                } catch let error as AppError where error.status == .conflict {
                  #expect(moved[target.id] == 0)
                }
              }
            }
            return moved
          }
        }
        return try await group.reduce(into: [[Int64: Int]]()) { $0.append($1) }
      }
      let entries = try await Self.checkLedger(store, student)
      let expected = outcomes.reduce(0) { $0 + $1.values.reduce(0, +) }
      #expect(try await store.credits(accountID: student, limit: 1).balance == expected)
      var charged: [Int64: Int] = [:]
      var refunded: [Int64: Int] = [:]
      for entry in entries {
        guard let order = entry.orderID else { continue }
        if entry.kind == .charge { charged[order, default: 0] += 1 }
        if entry.kind == .refund { refunded[order, default: 0] += 1 }
      }
      #expect(charged.values.allSatisfy { $0 == 1 })
      #expect(refunded.values.allSatisfy { $0 == 1 })
      let cancelled = outcomes.flatMap { $0.filter { $0.key != 0 && $0.value == 0 }.keys }
      #expect(Set(refunded.keys) == Set(cancelled))
    }
  }
}
