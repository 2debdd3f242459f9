import Foundation

/// A print order as its student and the store's staff see it.
public struct PrintOrder: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// The store that prints it.
  public var storeID: Int64
  /// The store's name.
  public var storeName: String
  /// Who ordered it (for the store's staff).
  public var student: String
  /// Where it is.
  public var state: PrintOrderState
  /// What it costs, line by line: what was charged.
  public var quote: PrintQuote
  /// Pages to print in all (every copy), for the store's queue.
  public var pages: Int
  /// The shop's reason, when it refused the order.
  public var reason: String?
  /// The six-digit code that collects it once done (its student only).
  public var pickupCode: String?
  /// When the pickup code stops working (the store's holding time after done).
  public var pickupExpiresAt: Date?
  /// When it was paid.
  public var createdAt: Date
  /// When its state last changed.
  public var updatedAt: Date
  /// Orders before it in the store's queue, while it waits or prints.
  public var ordersAhead: Int?
  /// Pages of those orders still to print.
  public var pagesAhead: Int?
  /// When it should be ready: the pages ahead and its own at the store's speed from now.
  public var readyAt: Date?

  /// Creates an order value.
  public init(
    id: Int64, storeID: Int64, storeName: String, student: String, state: PrintOrderState,
    quote: PrintQuote, pages: Int, reason: String?, pickupCode: String?, pickupExpiresAt: Date?,
    createdAt: Date, updatedAt: Date, ordersAhead: Int? = nil, pagesAhead: Int? = nil,
    readyAt: Date? = nil
  ) {
    self.id = id
    self.storeID = storeID
    self.storeName = storeName
    self.student = student
    self.state = state
    self.quote = quote
    self.pages = pages
    self.reason = reason
    self.pickupCode = pickupCode
    self.pickupExpiresAt = pickupExpiresAt
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.ordersAhead = ordersAhead
    self.pagesAhead = pagesAhead
    self.readyAt = readyAt
  }
}
