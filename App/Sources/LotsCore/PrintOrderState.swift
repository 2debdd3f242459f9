/// Where a print order is. It moves only forward: `ordered` → `printing` → `done` →
/// `pickedUp`; the student may cancel while `ordered`, the shop may refuse until `done`.
public enum PrintOrderState: String, Codable, CaseIterable, Hashable, Sendable {
  /// Paid, waiting in the store's queue.
  case ordered
  /// The shop is printing it.
  case printing
  /// Printed: waiting for pickup with its code.
  case done
  /// Collected by the student.
  case pickedUp
  /// Cancelled by the student (refunded).
  case cancelled
  /// Refused by the shop, with a reason (refunded).
  case refused

  /// What moves an order.
  public enum Action: String, Codable, CaseIterable, Hashable, Sendable {
    /// The student cancels.
    case cancel
    /// The shop starts printing.
    case start
    /// The shop has printed it.
    case finish
    /// The student collects it with the pickup code.
    case pickUp
    /// The shop refuses it.
    case refuse
  }

  /// Whether the order is still moving (not picked up, cancelled or refused).
  public var isActive: Bool { self == .ordered || self == .printing || self == .done }

  /// Whether the credits charged for it were given back.
  public var isRefunded: Bool { self == .cancelled || self == .refused }

  /// The state `action` moves this one to, or nil when it is not allowed here.
  public func after(_ action: Action) -> PrintOrderState? {
    switch (self, action) {
    case (.ordered, .cancel): .cancelled
    case (.ordered, .start): .printing
    case (.printing, .finish): .done
    case (.done, .pickUp): .pickedUp
    case (.ordered, .refuse), (.printing, .refuse): .refused
    default: nil
    }
  }
}
