import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  func addPrintStore(_ store: NewPrintStore) async throws -> Int64 {
    let prices = try PrintRows.json(store.prices)
    let hours = try PrintRows.json(store.hours)
    return try await write { db in
      try db.execute(
        sql: """
          INSERT INTO printStore (name, address, latitude, longitude, prices, pagesPerMinute,
            holdingHours, hours, timeZone) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          store.name, store.address, store.latitude, store.longitude, prices,
          store.pagesPerMinute, store.holdingHours, hours, store.timeZone,
        ])
      return db.lastInsertedRowID
    }
  }

  func printStoreSettings(id: Int64) async throws -> PrintStoreSettings? {
    let row = try readNow { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT prices, priceVersion, pagesPerMinute, holdingHours, isOpen FROM printStore
          WHERE id = ?
          """, arguments: [id])
    }
    guard let row else { return nil }
    return PrintStoreSettings(
      id: id, prices: try PrintRows.decode(PriceList.self, row[0]), priceVersion: row[1],
      pagesPerMinute: row[2], holdingHours: row[3], isOpen: row[4] as Int64 != 0)
  }

  func topUp(accountID: Int64, amount: Int, staffID: Int64, now: Date) async throws
    -> CreditEntry
  {
    guard (1...PrintLimits.topUp).contains(amount) else { throw PrintErrors.topUpAmount }
    return try await write { db in
      try Self.move(
        db, accountID: accountID, kind: .topUp, amount: amount, orderID: nil, by: staffID,
        now: now)
    }
  }

  func credits(accountID: Int64, limit: Int) async throws -> (balance: Int, entries: [CreditEntry])
  {
    try readNow { db in
      let balance =
        try Int.fetchOne(
          db, sql: "SELECT balance FROM printProfile WHERE accountId = ?", arguments: [accountID])
        ?? 0
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT creditEntry.id, kind, amount, balanceAfter, orderId, account.username,
            creditEntry.createdAt
          FROM creditEntry LEFT JOIN account ON account.id = creditEntry.byAccountId
          WHERE accountId = ? ORDER BY creditEntry.id DESC LIMIT ?
          """, arguments: [accountID, limit])
      return (
        balance,
        rows.map { row in
          CreditEntry(
            id: row[0], kind: CreditEntry.Kind(rawValue: row[1]) ?? .topUp, amount: row[2],
            balanceAfter: row[3], orderID: row[4], by: row[5], createdAt: Self.date(row[6]))
        }
      )
    }
  }

  func placeOrder(_ order: NewPrintOrder, now: Date) async throws
    -> (order: PrintOrder, created: Bool)
  {
    let quote = try PrintRows.json(order.quote)
    return try await write { db in
      if let id = try Int64.fetchOne(
        db, sql: "SELECT id FROM printOrder WHERE accountId = ? AND idempotencyKey = ?",
        arguments: [order.accountID, order.key])
      {
        return (try Self.printOrder(db, id: id, owner: true, now: now), false)
      }
      let millis = Self.millis(now)
      try db.execute(
        sql: """
          INSERT INTO printOrder (accountId, storeId, state, total, pages, quote,
            idempotencyKey, createdAt, updatedAt) VALUES (?, ?, 'ordered', ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          order.accountID, order.quote.storeID, order.quote.total, order.pages, quote,
          order.key, millis, millis,
        ])
      let id = db.lastInsertedRowID
      try Self.attachFiles(db, order.fileIDs, orderID: id, accountID: order.accountID)
      if order.quote.total > 0 {
        _ = try Self.move(
          db, accountID: order.accountID, kind: .charge, amount: -order.quote.total,
          orderID: id, by: nil, now: now)
      }
      try Self.announceOrder(
        db, id: id, accountID: order.accountID, storeID: order.quote.storeID, now: now)
      return (try Self.printOrder(db, id: id, owner: true, now: now), true)
    }
  }

  func cancelOrder(id: Int64, accountID: Int64, now: Date) async throws -> PrintOrder {
    try await write { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT state, total, storeId FROM printOrder WHERE id = ? AND accountId = ?",
          arguments: [id, accountID])
      else { throw PrintErrors.orderNotFound }
      let state = PrintOrderState(rawValue: row[0]) ?? .ordered
      guard let next = state.after(.cancel) else {
        throw PrintErrors.notAllowed(.cancel, in: state)
      }
      try db.execute(
        sql: "UPDATE printOrder SET state = ?, updatedAt = ? WHERE id = ?",
        arguments: [next.rawValue, Self.millis(now), id])
      let total: Int = row[1]
      try Self.refund(db, total, orderID: id, accountID: accountID, now: now)
      try Self.announceOrder(db, id: id, accountID: accountID, storeID: row[2], now: now)
      return try Self.printOrder(db, id: id, owner: true, now: now)
    }
  }

  /// Gives back what a cancelled or refused order charged and starts its files' countdown.
  static func refund(_ db: Database, _ total: Int, orderID: Int64, accountID: Int64, now: Date)
    throws
  {
    if total > 0 {
      _ = try move(
        db, accountID: accountID, kind: .refund, amount: total, orderID: orderID, by: nil,
        now: now)
    }
    try releaseFiles(db, orderID: orderID, now: now)
  }

  /// Appends a ledger entry and moves the balance with it.
  /// - Throws: ``PrintErrors/notEnoughCredits`` when it would go below zero.
  static func move(
    _ db: Database, accountID: Int64, kind: CreditEntry.Kind, amount: Int, orderID: Int64?,
    by staffID: Int64?, now: Date
  ) throws -> CreditEntry {
    try db.execute(
      sql: "INSERT INTO printProfile (accountId) VALUES (?) ON CONFLICT DO NOTHING",
      arguments: [accountID])
    let balance = try Int.fetchOne(
      db, sql: "SELECT balance FROM printProfile WHERE accountId = ?", arguments: [accountID])!
    let after = balance + amount
    guard after >= 0 else { throw PrintErrors.notEnoughCredits }
    try db.execute(
      sql: "UPDATE printProfile SET balance = ? WHERE accountId = ?",
      arguments: [after, accountID])
    try db.execute(
      sql: """
        INSERT INTO creditEntry (accountId, kind, amount, balanceAfter, orderId, byAccountId,
          createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [accountID, kind.rawValue, amount, after, orderID, staffID, Self.millis(now)])
    let by = try staffID.flatMap {
      try String.fetchOne(db, sql: "SELECT username FROM account WHERE id = ?", arguments: [$0])
    }
    return CreditEntry(
      id: db.lastInsertedRowID, kind: kind, amount: amount, balanceAfter: after,
      orderID: orderID, by: by, createdAt: Self.date(Self.millis(now)))
  }

  /// An order with its place in the queue, as its student (`owner`) or the staff see it.
  static func printOrder(_ db: Database, id: Int64, owner: Bool, now: Date) throws -> PrintOrder {
    guard let order = try printOrders(db, where: "o.id = ?", [id], owner: owner, now: now).first
    else { throw PrintErrors.orderNotFound }
    return order
  }

  /// The orders ``PrintRows/orderSelect`` reads under `condition` (and its order and limit).
  static func printOrders(
    _ db: Database, where condition: String, _ arguments: StatementArguments, owner: Bool,
    now: Date
  ) throws -> [PrintOrder] {
    let rows = try Row.fetchAll(
      db, sql: PrintRows.orderSelect + " WHERE " + condition, arguments: arguments)
    return try rows.map { row in
      try PrintRows.order(
        PrintRows.OrderRow(
          id: row[0], storeID: row[1], storeName: row[2], student: row[3], state: row[4],
          quote: row[5], pages: row[6], reason: row[7], pickupCode: row[8],
          pickupExpiresAt: row[9], createdAt: row[10], updatedAt: row[11],
          pagesPerMinute: row[12], ordersAhead: row[13], pagesAhead: row[14]),
        owner: owner, now: now)
    }
  }

  /// Tells the order's student and its store's staff that it changed; once it has left the
  /// queue (done, cancelled, refused), also the students of the orders behind it, whose place
  /// and ready time moved (at most ``PrintLimits/announcedBehind`` of them).
  static func announceOrder(
    _ db: Database, id: Int64, accountID: Int64, storeID: Int64, now: Date
  ) throws {
    try appendChange(
      db, kind: .printOrder, postID: id, authorID: storeID, now: now, actorID: accountID)
    try appendChange(db, kind: .printQueue, postID: id, authorID: storeID, now: now)
    let behind = try Row.fetchAll(
      db, sql: PrintRows.behindSelect.replacingOccurrences(of: "$", with: "?"),
      arguments: [id, storeID, PrintLimits.announcedBehind])
    for row in behind {
      try appendChange(
        db, kind: .printOrder, postID: row[0], authorID: storeID, now: now, actorID: row[1])
    }
  }
}
