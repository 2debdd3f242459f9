import Foundation

/// A print order as its student and the store's staff see it.
public struct PrintOrder: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// The store that prints it.
  public var storeID: Int64
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

  /// Creates an order value.
  public init(
    id: Int64, storeID: Int64, state: PrintOrderState, quote: PrintQuote, pages: Int,
    reason: String?, pickupCode: String?, pickupExpiresAt: Date?, createdAt: Date,
    updatedAt: Date
  ) {
    self.id = id
    self.storeID = storeID
    self.state = state
    self.quote = quote
    self.pages = pages
    self.reason = reason
    self.pickupCode = pickupCode
    self.pickupExpiresAt = pickupExpiresAt
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
