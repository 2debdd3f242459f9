import Foundation
import LotsCore

/// What Booster needs from storage: stores, each person's credit ledger, and orders paid from
/// it. Money moves only in a transaction that appends to the ledger and moves the balance
/// together, under the person's row lock: a balance always equals the sum of its entries and
/// is never negative, whatever runs at once.
protocol PrintStore: Sendable {
  /// Adds a store (the demo seed, the operator).
  func addPrintStore(_ store: NewPrintStore) async throws -> Int64
  /// A store's prices and working settings, or nil when there is none.
  func printStoreSettings(id: Int64) async throws -> PrintStoreSettings?
  /// Adds credits bought at a store's counter, recorded with who took the money.
  /// - Throws: ``AppError`` 400 for an amount outside 1...``PrintLimits/topUp``.
  func topUp(accountID: Int64, amount: Int, staffID: Int64, now: Date) async throws
    -> CreditEntry
  /// A person's balance and their ledger, newest first.
  func credits(accountID: Int64, limit: Int) async throws -> (balance: Int, entries: [CreditEntry])
  /// Pays for an order and places it, charging its quote's total. The same key again answers
  /// the order it made (`created` false) and charges nothing.
  /// - Throws: ``AppError`` 409 when the balance does not cover the total.
  func placeOrder(_ order: NewPrintOrder, now: Date) async throws
    -> (order: PrintOrder, created: Bool)
  /// Cancels one's own order while it is `ordered`, refunding its charge in the same
  /// transaction.
  /// - Throws: ``AppError`` 404 for an order that is not theirs, 409 once it is past `ordered`.
  func cancelOrder(id: Int64, accountID: Int64, now: Date) async throws -> PrintOrder
}

/// A store as the seed or the operator adds it.
struct NewPrintStore: Sendable {
  var name: String
  var address: String
  var latitude: Double
  var longitude: Double
  var prices: PriceList
  var pagesPerMinute: Int
  var holdingHours: Int
}

/// What pricing and the queue need of a store.
struct PrintStoreSettings: Sendable, Equatable {
  var id: Int64
  var prices: PriceList
  /// Grows with every change of the price list: a quote names the revision it used.
  var priceVersion: Int64
  var pagesPerMinute: Int
  var holdingHours: Int
  var isOpen: Bool
}

/// An order about to be paid.
struct NewPrintOrder: Sendable {
  var accountID: Int64
  var quote: PrintQuote
  /// Pages to print in all.
  var pages: Int
  /// The client's `Idempotency-Key`.
  var key: String
}

/// Booster's bounds.
enum PrintLimits {
  /// The most one counter top-up adds, in minor units.
  static let topUp = 100_000
}

/// Booster's refusals.
enum PrintErrors {
  static let notEnoughCredits = AppError(
    .conflict, "not enough credits: top up at a store's counter", field: "credits")
  static let orderNotFound = AppError(.notFound, "no such order")
  static let topUpAmount = AppError(
    .badRequest, "a top-up is from 1 to \(PrintLimits.topUp) minor units", field: "amount")

  /// An action the order's state does not allow.
  static func notAllowed(_ action: PrintOrderState.Action, in state: PrintOrderState)
    -> AppError
  {
    AppError(.conflict, "this order is \(state.rawValue): it cannot \(action.rawValue) now")
  }
}
