import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  func orders(accountID: Int64, active: Bool, limit: Int) async throws -> [PrintOrder] {
    try readNow { db in
      try Self.printOrders(
        db,
        where: "o.accountId = ? AND o.state \(active ? "" : "NOT ")IN "
          + "('ordered', 'printing', 'done') ORDER BY o.id DESC LIMIT ?",
        [accountID, limit], owner: true, now: Date())
    }
  }

  func order(id: Int64, accountID: Int64) async throws -> PrintOrder? {
    try readNow { db in
      try Self.printOrders(
        db, where: "o.id = ? AND o.accountId = ?", [id, accountID], owner: true, now: Date()
      ).first
    }
  }

  func order(key: String, accountID: Int64) async throws -> PrintOrder? {
    try readNow { db in
      try Self.printOrders(
        db, where: "o.accountId = ? AND o.idempotencyKey = ?", [accountID, key], owner: true,
        now: Date()
      ).first
    }
  }

  func storeOrders(storeID: Int64, active: Bool, limit: Int) async throws -> [PrintOrder] {
    try readNow { db in
      try Self.printOrders(
        db,
        where: active
          ? "o.storeId = ? AND o.state IN ('ordered', 'printing', 'done') ORDER BY o.id LIMIT ?"
          : "o.storeId = ? AND o.state NOT IN ('ordered', 'printing', 'done') "
            + "ORDER BY o.updatedAt DESC, o.id DESC LIMIT ?",
        [storeID, limit], owner: false, now: Date())
    }
  }

  func advanceOrder(
    id: Int64, storeID: Int64, action: PrintOrderState.Action, reason: String?, now: Date
  ) async throws -> PrintOrder {
    try await write { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT state, total, accountId FROM printOrder WHERE id = ? AND storeId = ?",
          arguments: [id, storeID])
      else { throw PrintErrors.orderNotFound }
      let state = PrintOrderState(rawValue: row[0]) ?? .ordered
      guard action != .cancel, action != .pickUp, let next = state.after(action) else {
        throw PrintErrors.notAllowed(action, in: state)
      }
      let accountID: Int64 = row[2]
      let millis = Self.millis(now)
      switch next {
      case .done:
        let hours =
          try Int64.fetchOne(
            db, sql: "SELECT holdingHours FROM printStore WHERE id = ?", arguments: [storeID])
          ?? 24
        try db.execute(
          sql: """
            UPDATE printOrder SET state = 'done', pickupCode = ?, pickupExpiresAt = ?,
              updatedAt = ? WHERE id = ?
            """,
          arguments: [
            try Self.freshPickupCode(db, storeID: storeID), millis + hours * 3_600_000, millis, id,
          ])
      case .refused:
        try db.execute(
          sql: "UPDATE printOrder SET state = 'refused', reason = ?, updatedAt = ? WHERE id = ?",
          arguments: [reason, millis, id])
        let total: Int = row[1]
        try Self.refund(db, total, orderID: id, accountID: accountID, now: now)
      default:
        try db.execute(
          sql: "UPDATE printOrder SET state = ?, updatedAt = ? WHERE id = ?",
          arguments: [next.rawValue, millis, id])
      }
      try Self.announceOrder(db, id: id, accountID: accountID, storeID: storeID, now: now)
      return try Self.printOrder(db, id: id, owner: false, now: now)
    }
  }

  func pickUp(code: String, storeID: Int64, now: Date) async throws -> PrintOrder? {
    try await write { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT id, accountId FROM printOrder
            WHERE storeId = ? AND state = 'done' AND pickupCode = ? AND pickupExpiresAt > ?
            """, arguments: [storeID, code, Self.millis(now)])
      else { return nil }
      let id: Int64 = row[0]
      try db.execute(
        sql: "UPDATE printOrder SET state = 'pickedUp', updatedAt = ? WHERE id = ?",
        arguments: [Self.millis(now), id])
      try Self.releaseFiles(db, orderID: id, now: now)
      try Self.announceOrder(db, id: id, accountID: row[1], storeID: storeID, now: now)
      return try Self.printOrder(db, id: id, owner: false, now: now)
    }
  }

  /// A pickup code no other done order of the store holds.
  private static func freshPickupCode(_ db: Database, storeID: Int64) throws -> String {
    while true {
      let code = PrintRows.pickupCode()
      let taken = try Bool.fetchOne(
        db,
        sql: "SELECT 1 FROM printOrder WHERE storeId = ? AND state = 'done' AND pickupCode = ?",
        arguments: [storeID, code])
      if taken == nil { return code }
    }
  }
}
