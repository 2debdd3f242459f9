import Foundation

/// One entry of a person's print-credit ledger. The ledger is only ever appended to; a
/// balance is the sum of its entries and never negative.
public struct CreditEntry: Codable, Hashable, Sendable {
  /// What moved the credits.
  public enum Kind: String, Codable, CaseIterable, Hashable, Sendable {
    /// Credits bought at a shop's counter (positive).
    case topUp
    /// An order paid (negative).
    case charge
    /// A cancelled or refused order's credits given back (positive).
    case refund
  }

  /// Stable numeric identifier, growing with each entry.
  public var id: Int64
  /// What moved the credits.
  public var kind: Kind
  /// Minor units: positive in, negative out.
  public var amount: Int
  /// The balance just after this entry.
  public var balanceAfter: Int
  /// The order charged or refunded.
  public var orderID: Int64?
  /// Who made a top-up (the shop's staff), by username.
  public var by: String?
  /// When.
  public var createdAt: Date

  /// Creates an entry.
  public init(
    id: Int64, kind: Kind, amount: Int, balanceAfter: Int, orderID: Int64?, by: String?,
    createdAt: Date
  ) {
    self.id = id
    self.kind = kind
    self.amount = amount
    self.balanceAfter = balanceAfter
    self.orderID = orderID
    self.by = by
    self.createdAt = createdAt
  }
}
