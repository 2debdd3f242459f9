import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: PrintStore {
  func addPrintStore(_ store: NewPrintStore) async throws -> Int64 {
    let prices = try PrintRows.json(store.prices)
    let hours = try PrintRows.json(store.hours)
    let id = try await value(
      Int64.self,
      """
      INSERT INTO printStore (name, address, latitude, longitude, prices, pagesPerMinute,
        holdingHours, hours, timeZone)
      VALUES (\(store.name), \(store.address), \(store.latitude), \(store.longitude), \(prices),
        \(store.pagesPerMinute), \(store.holdingHours), \(hours), \(store.timeZone))
      RETURNING id
      """)
    guard let id else { throw AppError(.internalServerError, "the new store has no id") }
    return id
  }

  func printStoreSettings(id: Int64) async throws -> PrintStoreSettings? {
    let rows = try await rows(
      """
      SELECT prices, priceVersion, pagesPerMinute, holdingHours, isOpen FROM printStore
      WHERE id = \(id)
      """
    ) { row in
      PrintStoreSettings(
        id: id, prices: try PrintRows.decode(PriceList.self, try row[0].decode(String.self)),
        priceVersion: try row[1].decode(Int64.self), pagesPerMinute: try row[2].decode(Int.self),
        holdingHours: try row[3].decode(Int.self), isOpen: try row[4].decode(Int64.self) != 0)
    }
    return rows.first
  }

  func topUp(accountID: Int64, amount: Int, staffID: Int64, now: Date) async throws
    -> CreditEntry
  {
    guard (1...PrintLimits.topUp).contains(amount) else { throw PrintErrors.topUpAmount }
    return try await transaction { [self] connection in
      try await move(
        accountID: accountID, kind: .topUp, amount: amount, orderID: nil, by: staffID,
        now: now, on: connection)
    }
  }

  func credits(accountID: Int64, limit: Int) async throws -> (balance: Int, entries: [CreditEntry])
  {
    // One statement: the balance and the entries from one snapshot.
    let rows = try await rows(
      """
      SELECT COALESCE((SELECT balance FROM printProfile WHERE accountId = \(accountID)), 0),
        entry.id, entry.kind, entry.amount, entry.balanceAfter, entry.orderId, entry.username,
        entry.createdAt
      FROM (SELECT 1) AS one LEFT JOIN LATERAL (
        SELECT creditEntry.id, kind, amount, balanceAfter, orderId, account.username,
          creditEntry.createdAt
        FROM creditEntry LEFT JOIN account ON account.id = creditEntry.byAccountId
        WHERE accountId = \(accountID) ORDER BY creditEntry.id DESC LIMIT \(limit)) AS entry
        ON true
      """
    ) { row -> (Int, CreditEntry?) in
      let balance = try row[0].decode(Int.self)
      guard let id = try row[1].decode(Int64?.self) else { return (balance, nil) }
      return (
        balance,
        CreditEntry(
          id: id, kind: CreditEntry.Kind(rawValue: try row[2].decode(String.self)) ?? .topUp,
          amount: try row[3].decode(Int.self), balanceAfter: try row[4].decode(Int.self),
          orderID: try row[5].decode(Int64?.self), by: try row[6].decode(String?.self),
          createdAt: Self.date(try row[7].decode(Int64.self)))
      )
    }
    return (rows.first?.0 ?? 0, rows.compactMap(\.1))
  }

  func placeOrder(_ order: NewPrintOrder, now: Date) async throws
    -> (order: PrintOrder, created: Bool)
  {
    let quote = try PrintRows.json(order.quote)
    return try await transaction { [self] connection in
      // The person's row lock first: their payments, retries included, take turns.
      _ = try await lockBalance(accountID: order.accountID, on: connection)
      if let id = try await value(
        Int64.self,
        """
        SELECT id FROM printOrder
        WHERE accountId = \(order.accountID) AND idempotencyKey = \(order.key)
        """, on: connection)
      {
        return (try await printOrder(id: id, owner: true, now: now, on: connection), false)
      }
      let millis = Self.millis(now)
      guard
        let id = try await value(
          Int64.self,
          """
          INSERT INTO printOrder (accountId, storeId, state, total, pages, quote,
            idempotencyKey, createdAt, updatedAt)
          VALUES (\(order.accountID), \(order.quote.storeID), 'ordered', \(order.quote.total),
            \(order.pages), \(quote), \(order.key), \(millis), \(millis))
          RETURNING id
          """, on: connection)
      else { throw AppError(.internalServerError, "the new order has no id") }
      try await attachFiles(
        order.fileIDs, orderID: id, accountID: order.accountID, on: connection)
      if order.quote.total > 0 {
        _ = try await move(
          accountID: order.accountID, kind: .charge, amount: -order.quote.total, orderID: id,
          by: nil, now: now, on: connection)
      }
      try await announceOrder(
        id: id, accountID: order.accountID, storeID: order.quote.storeID, now: now,
        on: connection)
      return (try await printOrder(id: id, owner: true, now: now, on: connection), true)
    }
  }

  func cancelOrder(id: Int64, accountID: Int64, now: Date) async throws -> PrintOrder {
    try await transaction { [self] connection in
      _ = try await lockBalance(accountID: accountID, on: connection)
      let found = try await rows(
        """
        SELECT state, total, storeId FROM printOrder
        WHERE id = \(id) AND accountId = \(accountID) FOR UPDATE
        """, on: connection
      ) { row in
        (
          PrintOrderState(rawValue: try row[0].decode(String.self)) ?? .ordered,
          try row[1].decode(Int.self), try row[2].decode(Int64.self)
        )
      }
      guard let (state, total, storeID) = found.first else { throw PrintErrors.orderNotFound }
      guard let next = state.after(.cancel) else {
        throw PrintErrors.notAllowed(.cancel, in: state)
      }
      try await connection.query(
        """
        UPDATE printOrder SET state = \(next.rawValue), updatedAt = \(Self.millis(now))
        WHERE id = \(id)
        """, logger: logger)
      try await refund(
        total, orderID: id, accountID: accountID, now: now, on: connection)
      try await announceOrder(
        id: id, accountID: accountID, storeID: storeID, now: now, on: connection)
      return try await printOrder(id: id, owner: true, now: now, on: connection)
    }
  }

  /// Gives back what a cancelled or refused order charged and starts its files' countdown.
  func refund(
    _ total: Int, orderID: Int64, accountID: Int64, now: Date,
    on connection: PostgresConnection
  ) async throws {
    if total > 0 {
      _ = try await move(
        accountID: accountID, kind: .refund, amount: total, orderID: orderID, by: nil, now: now,
        on: connection)
    }
    try await releaseFiles(orderID: orderID, now: now, on: connection)
  }

  /// Makes the person's balance row if missing and locks it until the transaction ends.
  /// - Returns: The balance.
  func lockBalance(accountID: Int64, on connection: PostgresConnection) async throws
    -> Int
  {
    try await connection.query(
      "INSERT INTO printProfile (accountId) VALUES (\(accountID)) ON CONFLICT DO NOTHING",
      logger: logger)
    return try await value(
      Int.self, "SELECT balance FROM printProfile WHERE accountId = \(accountID) FOR UPDATE",
      on: connection) ?? 0
  }

  /// Appends a ledger entry and moves the balance with it, under the person's row lock.
  /// - Throws: ``PrintErrors/notEnoughCredits`` when it would go below zero.
  func move(
    accountID: Int64, kind: CreditEntry.Kind, amount: Int, orderID: Int64?, by staffID: Int64?,
    now: Date, on connection: PostgresConnection
  ) async throws -> CreditEntry {
    let after = try await lockBalance(accountID: accountID, on: connection) + amount
    guard after >= 0 else { throw PrintErrors.notEnoughCredits }
    try await connection.query(
      "UPDATE printProfile SET balance = \(after) WHERE accountId = \(accountID)",
      logger: logger)
    let millis = Self.millis(now)
    let entry = try await rows(
      """
      INSERT INTO creditEntry (accountId, kind, amount, balanceAfter, orderId, byAccountId,
        createdAt)
      VALUES (\(accountID), \(kind.rawValue), \(amount), \(after), \(orderID), \(staffID),
        \(millis))
      RETURNING id, (SELECT username FROM account WHERE id = \(staffID))
      """, on: connection
    ) { row in
      CreditEntry(
        id: try row[0].decode(Int64.self), kind: kind, amount: amount, balanceAfter: after,
        orderID: orderID, by: try row[1].decode(String?.self), createdAt: Self.date(millis))
    }
    guard let entry = entry.first else {
      throw AppError(.internalServerError, "the new ledger entry has no id")
    }
    return entry
  }

  /// An order with its place in the queue, as its student (`owner`) or the staff see it.
  func printOrder(id: Int64, owner: Bool, now: Date, on connection: PostgresConnection? = nil)
    async throws -> PrintOrder
  {
    var binds = PostgresBindings()
    binds.append(id)
    guard
      let order = try await printOrders(
        where: "o.id = $1", binds, owner: owner, now: now, on: connection
      ).first
    else { throw PrintErrors.orderNotFound }
    return order
  }

  /// The orders ``PrintRows/orderSelect`` reads under `condition` (and its order and limit),
  /// whose `$n` are `binds`.
  func printOrders(
    where condition: String, _ binds: PostgresBindings, owner: Bool, now: Date,
    on connection: PostgresConnection? = nil
  ) async throws -> [PrintOrder] {
    try await rows(
      PostgresQuery(unsafeSQL: PrintRows.orderSelect + " WHERE " + condition, binds: binds),
      on: connection
    ) { row in
      try PrintRows.order(
        PrintRows.OrderRow(
          id: try row[0].decode(Int64.self), storeID: try row[1].decode(Int64.self),
          storeName: try row[2].decode(String.self), student: try row[3].decode(String.self),
          state: try row[4].decode(String.self), quote: try row[5].decode(String.self),
          pages: try row[6].decode(Int.self), reason: try row[7].decode(String?.self),
          pickupCode: try row[8].decode(String?.self),
          pickupExpiresAt: try row[9].decode(Int64?.self),
          createdAt: try row[10].decode(Int64.self), updatedAt: try row[11].decode(Int64.self),
          pagesPerMinute: try row[12].decode(Int.self), ordersAhead: try row[13].decode(Int.self),
          pagesAhead: try row[14].decode(Int.self)),
        owner: owner, now: now)
    }
  }

  /// Tells the order's student and its store's staff that it changed; once it has left the
  /// queue (done, cancelled, refused), also the students of the orders behind it, whose place
  /// and ready time moved (at most ``PrintLimits/announcedBehind`` of them).
  func announceOrder(
    id: Int64, accountID: Int64, storeID: Int64, now: Date, on connection: PostgresConnection
  ) async throws {
    try await Self.appendChange(
      connection, logger: logger, kind: .printOrder, postID: id, authorID: storeID, now: now,
      actorID: accountID)
    try await Self.appendChange(
      connection, logger: logger, kind: .printQueue, postID: id, authorID: storeID, now: now)
    var binds = PostgresBindings()
    binds.append(id)
    binds.append(storeID)
    binds.append(PrintLimits.announcedBehind)
    let behind = try await rows(
      PostgresQuery(unsafeSQL: PrintRows.behindSelect, binds: binds), on: connection
    ) { (try $0[0].decode(Int64.self), try $0[1].decode(Int64.self)) }
    for (order, student) in behind {
      try await Self.appendChange(
        connection, logger: logger, kind: .printOrder, postID: order, authorID: storeID,
        now: now, actorID: student)
    }
  }
}
