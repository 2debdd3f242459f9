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
  /// transaction, and tells the student's and the store's streams.
  /// - Throws: ``AppError`` 404 for an order that is not theirs, 409 once it is past `ordered`.
  func cancelOrder(id: Int64, accountID: Int64, now: Date) async throws -> PrintOrder

  /// Adds a college (the demo seed, the operator).
  func addCollege(name: String, latitude: Double, longitude: Double) async throws -> Int64
  /// Colleges whose name contains `text` (folded; every college for ""), by name.
  func colleges(matching text: String, limit: Int) async throws -> [College]
  /// One college, or nil.
  func college(id: Int64) async throws -> College?
  /// Chooses (or forgets, nil) a person's college.
  /// - Throws: ``AppError`` 404 for a college that does not exist.
  func setCollege(_ collegeID: Int64?, accountID: Int64) async throws
  /// A person's college, if chosen.
  func collegeID(accountID: Int64) async throws -> Int64?
  /// The stores inside `box` nearest `center`, nearest first, at most `limit`, as stored rows
  /// (``PrintShops/near(_:radius:viewerID:limit:storage:now:)`` adds the starred ones).
  /// - Complexity: One covering index scan of the box, sorted by distance in the database;
  ///   only the `limit` chosen are read in full.
  func printShopRows(in box: GeoBox, center: GeoPoint, viewerID: Int64?, limit: Int)
    async throws -> [PrintShopRow]
  /// Every store, by id (the operator's list).
  func allPrintStores() async throws -> [(id: Int64, name: String, address: String)]
  /// Stores by id, as stored rows (one store's page, the operator's commands).
  func printShopRows(ids: [Int64], viewerID: Int64?) async throws -> [PrintShopRow]
  /// The stores a person starred, as stored rows, by id: one statement.
  func starredShopRows(accountID: Int64) async throws -> [PrintShopRow]
  /// Stars a store (or removes the star) for a person.
  /// - Throws: ``AppError`` 404 for a store that does not exist.
  func setFavourite(_ on: Bool, storeID: Int64, accountID: Int64, now: Date) async throws
  /// Makes an account staff of a store (`nil`: of none).
  /// - Throws: ``AppError`` 404 for a store that does not exist.
  func setStaff(accountID: Int64, storeID: Int64?) async throws
  /// The store an account works for, if any.
  func staffStoreID(accountID: Int64) async throws -> Int64?
  /// Opens or closes a store for orders and sets its speed.
  func setStoreState(storeID: Int64, isOpen: Bool, pagesPerMinute: Int) async throws

  /// A person's orders, newest first: the active ones (`active` true) or the others.
  func orders(accountID: Int64, active: Bool, limit: Int) async throws -> [PrintOrder]
  /// One order of a person's, or nil.
  func order(id: Int64, accountID: Int64) async throws -> PrintOrder?
  /// The order a person's payment with `key` made, or nil.
  func order(key: String, accountID: Int64) async throws -> PrintOrder?
  /// A store's orders in queue order (oldest first): those `active` or the closed ones
  /// (newest first), as its staff see them (no pickup code).
  func storeOrders(storeID: Int64, active: Bool, limit: Int) async throws -> [PrintOrder]
  /// Moves an order of the store forward (start, finish, refuse with `reason`), refunding a
  /// refused one and giving a finished one its pickup code, in one transaction, and tells the
  /// student's and the store's streams.
  /// - Throws: ``AppError`` 404 for an order of another store, 409 for a move its state does
  ///   not allow.
  func advanceOrder(
    id: Int64, storeID: Int64, action: PrintOrderState.Action, reason: String?, now: Date
  ) async throws -> PrintOrder
  /// Records a file stored for a student, to be deleted after ``PrintLimits/unorderedDays``
  /// unless ordered.
  /// - Throws: ``AppError`` 409 when they hold ``PrintLimits/unorderedFiles`` unordered files.
  func addPrintFile(_ file: NewPrintFile, now: Date) async throws -> PrintFile
  /// The student's files not yet in an order, among `ids`, as pricing needs them.
  func unorderedPrintFiles(ids: [Int64], accountID: Int64) async throws -> [PricedFile]
  /// Where a file is and what it is called, for its student or the staff of the store its
  /// order is at (`staffOf`); nil for anyone else.
  func printFileForDownload(id: Int64, viewerID: Int64, staffOf: Int64?) async throws
    -> (path: String, name: String, kind: PrintFile.Kind)?
  /// Whether a row names the stored file `path`.
  func printFileIsNamed(_ path: String) async throws -> Bool
  /// Forgets up to `limit` files whose time is up and answers their paths, to be deleted.
  func takeExpiredPrintFiles(now: Date, limit: Int) async throws -> [String]
  /// Hands a done order to the student whose pickup code it is.
  /// - Returns: The order picked up, or nil when no done order of the store has that code
  ///   unexpired.
  func pickUp(code: String, storeID: Int64, now: Date) async throws -> PrintOrder?
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
  var hours: [OpeningHours]
  var timeZone: String
}

/// A store as stored, with its queue and whether the viewer starred it: what ``PrintShops``
/// turns into a ``PrintShop``.
struct PrintShopRow: Sendable, Equatable {
  var id: Int64
  var name: String
  var address: String
  var latitude: Double
  var longitude: Double
  var prices: String
  var pagesPerMinute: Int
  var holdingHours: Int
  var hours: String
  var timeZone: String
  var isOpen: Bool
  var queueOrders: Int
  var queuePages: Int
  var favourite: Bool
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
  /// Its files, which become the order's (and no other's).
  var fileIDs: [Int64] = []
}

/// A file just stored, as ``PrintStore/addPrintFile(_:now:)`` records it.
struct NewPrintFile: Sendable {
  var accountID: Int64
  var name: String
  var kind: PrintFile.Kind
  var bytes: Int
  var sha256: String
  var pages: Int
  /// Its path under the print-files directory.
  var path: String
}

/// Booster's bounds.
enum PrintLimits {
  /// The most one counter top-up adds, in minor units.
  static let topUp = 100_000
  /// The largest file, in bytes.
  static let fileBytes = 25 * 1024 * 1024
  /// The most bytes of files in one order.
  static let orderBytes = 100 * 1024 * 1024
  /// The most students told that their place in a queue moved, when an order leaves it.
  static let announcedBehind = 200
  /// The most files in one order.
  static let orderFiles = 20
  /// The most pages of one PDF.
  static let filePages = 10_000
  /// The most files a person may hold that are in no order.
  static let unorderedFiles = 20
  /// Days an unordered file is kept.
  static let unorderedDays = 1
  /// Days an order's files are kept after it is collected, cancelled or refused.
  static let closedDays = 7
  /// Far enough: an open order's files wait for it to close.
  static let never: Int64 = Int64.max / 2
}

/// Booster's refusals.
enum PrintErrors {
  static let notEnoughCredits = AppError(
    .conflict, "not enough credits: top up at a store's counter", field: "credits")
  static let orderNotFound = AppError(.notFound, "no such order")
  static let storeNotFound = AppError(.notFound, "no such store")
  static let tooManyFiles = AppError(
    .conflict,
    "you hold \(PrintLimits.unorderedFiles) files that are in no order: order or wait a day",
    field: "file")
  static let fileGone = AppError(
    .conflict, "a file of this order was ordered already or is gone: ask for a new quote",
    field: "files")
  static let collegeNotFound = AppError(.notFound, "no such college", field: "collegeID")
  static let topUpAmount = AppError(
    .badRequest, "a top-up is from 1 to \(PrintLimits.topUp) minor units", field: "amount")

  /// An action the order's state does not allow.
  static func notAllowed(_ action: PrintOrderState.Action, in state: PrintOrderState)
    -> AppError
  {
    AppError(.conflict, "this order is \(state.rawValue): it cannot \(action.rawValue) now")
  }
}
