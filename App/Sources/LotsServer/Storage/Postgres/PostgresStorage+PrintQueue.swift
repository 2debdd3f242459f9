import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage {
  func orders(accountID: Int64, active: Bool, limit: Int) async throws -> [PrintOrder] {
    var binds = PostgresBindings()
    binds.append(accountID)
    binds.append(limit)
    return try await printOrders(
      where: "o.accountId = $1 AND o.state \(active ? "" : "NOT ")IN "
        + "('ordered', 'printing', 'done') ORDER BY o.id DESC LIMIT $2",
      binds, owner: true, now: Date())
  }

  func order(id: Int64, accountID: Int64) async throws -> PrintOrder? {
    var binds = PostgresBindings()
    binds.append(id)
    binds.append(accountID)
    return try await printOrders(
      where: "o.id = $1 AND o.accountId = $2", binds, owner: true, now: Date()
    ).first
  }

  func order(key: String, accountID: Int64) async throws -> PrintOrder? {
    var binds = PostgresBindings()
    binds.append(accountID)
    binds.append(key)
    return try await printOrders(
      where: "o.accountId = $1 AND o.idempotencyKey = $2", binds, owner: true, now: Date()
    ).first
  }

  func storeOrders(storeID: Int64, active: Bool, limit: Int) async throws -> [PrintOrder] {
    var binds = PostgresBindings()
    binds.append(storeID)
    binds.append(limit)
    return try await printOrders(
      where: active
        ? "o.storeId = $1 AND o.state IN ('ordered', 'printing', 'done') ORDER BY o.id LIMIT $2"
        : "o.storeId = $1 AND o.state NOT IN ('ordered', 'printing', 'done') "
          + "ORDER BY o.updatedAt DESC, o.id DESC LIMIT $2",
      binds, owner: false, now: Date())
  }

  func advanceOrder(
    id: Int64, storeID: Int64, action: PrintOrderState.Action, reason: String?, now: Date
  ) async throws -> PrintOrder {
    try await transaction { [self] connection in
      // The student's balance row first, then the order, as a cancel takes them: a refusal
      // racing the student's cancel waits its turn instead of deadlocking.
      guard
        let accountID = try await value(
          Int64.self, "SELECT accountId FROM printOrder WHERE id = \(id) AND storeId = \(storeID)",
          on: connection)
      else { throw PrintErrors.orderNotFound }
      _ = try await lockBalance(accountID: accountID, on: connection)
      let found = try await rows(
        "SELECT state, total FROM printOrder WHERE id = \(id) FOR UPDATE", on: connection
      ) { row in
        (
          PrintOrderState(rawValue: try row[0].decode(String.self)) ?? .ordered,
          try row[1].decode(Int.self)
        )
      }
      guard let (state, total) = found.first else { throw PrintErrors.orderNotFound }
      guard action != .cancel, action != .pickUp, let next = state.after(action) else {
        throw PrintErrors.notAllowed(action, in: state)
      }
      let millis = Self.millis(now)
      switch next {
      case .done:
        let hours =
          try await value(
            Int64.self, "SELECT holdingHours FROM printStore WHERE id = \(storeID)",
            on: connection) ?? 24
        let code = try await freshPickupCode(storeID: storeID, on: connection)
        let expires = millis + hours * 3_600_000
        try await connection.query(
          """
          UPDATE printOrder SET state = 'done', pickupCode = \(code),
            pickupExpiresAt = \(expires), updatedAt = \(millis) WHERE id = \(id)
          """, logger: logger)
      case .refused:
        try await connection.query(
          """
          UPDATE printOrder SET state = 'refused', reason = \(reason), updatedAt = \(millis)
          WHERE id = \(id)
          """, logger: logger)
        try await refund(total, orderID: id, accountID: accountID, now: now, on: connection)
      default:
        try await connection.query(
          "UPDATE printOrder SET state = \(next.rawValue), updatedAt = \(millis) WHERE id = \(id)",
          logger: logger)
      }
      try await announceOrder(
        id: id, accountID: accountID, storeID: storeID, now: now, on: connection)
      return try await printOrder(id: id, owner: false, now: now, on: connection)
    }
  }

  func pickUp(code: String, storeID: Int64, now: Date) async throws -> PrintOrder? {
    try await transaction { [self] connection in
      let millis = Self.millis(now)
      let found = try await rows(
        """
        SELECT id, accountId FROM printOrder
        WHERE storeId = \(storeID) AND state = 'done' AND pickupCode = \(code)
          AND pickupExpiresAt > \(millis)
        FOR UPDATE
        """, on: connection
      ) { row in (try row[0].decode(Int64.self), try row[1].decode(Int64.self)) }
      guard let (id, accountID) = found.first else { return nil }
      try await connection.query(
        "UPDATE printOrder SET state = 'pickedUp', updatedAt = \(millis) WHERE id = \(id)",
        logger: logger)
      try await releaseFiles(orderID: id, now: now, on: connection)
      try await announceOrder(
        id: id, accountID: accountID, storeID: storeID, now: now, on: connection)
      return try await printOrder(id: id, owner: false, now: now, on: connection)
    }
  }

  /// A pickup code no other done order of the store holds (the store's orders take turns
  /// finishing under its row lock).
  private func freshPickupCode(storeID: Int64, on connection: PostgresConnection) async throws
    -> String
  {
    try await connection.query(
      "SELECT 1 FROM printStore WHERE id = \(storeID) FOR UPDATE", logger: logger)
    while true {
      let code = PrintRows.pickupCode()
      let taken = try await value(
        Int64.self,
        """
        SELECT id FROM printOrder
        WHERE storeId = \(storeID) AND state = 'done' AND pickupCode = \(code)
        """, on: connection)
      if taken == nil { return code }
    }
  }
}
