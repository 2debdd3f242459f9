/// Booster's tables, the same on both backends but for their column types (SQLite's v17,
/// PostgreSQL's v13). Money is in integer minor units; a balance lives beside its ledger and
/// both move in one transaction (the `CHECK` is the last line of defence: the stores check
/// before they charge).
enum PrintSchema {
  /// The statements that make the tables, for SQLite (`sqlite` true) or PostgreSQL.
  static func statements(sqlite: Bool) -> [String] {
    let id = sqlite ? "INTEGER PRIMARY KEY" : "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
    let int = sqlite ? "INTEGER" : "BIGINT"
    let real = sqlite ? "REAL" : "DOUBLE PRECISION"
    return [
      """
      CREATE TABLE college (
        id \(id),
        name TEXT NOT NULL,
        nameKey TEXT NOT NULL UNIQUE,
        latitude \(real) NOT NULL,
        longitude \(real) NOT NULL)
      """,
      """
      CREATE TABLE printStore (
        id \(id),
        name TEXT NOT NULL,
        address TEXT NOT NULL,
        latitude \(real) NOT NULL,
        longitude \(real) NOT NULL,
        prices TEXT NOT NULL,
        priceVersion \(int) NOT NULL DEFAULT 1,
        pagesPerMinute \(int) NOT NULL,
        holdingHours \(int) NOT NULL,
        hours TEXT NOT NULL,
        timeZone TEXT NOT NULL,
        isOpen \(int) NOT NULL DEFAULT 1)
      """,
      "CREATE INDEX printStore_position ON printStore(latitude, longitude)",
      """
      CREATE TABLE printFavourite (
        accountId \(int) NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        storeId \(int) NOT NULL REFERENCES printStore(id) ON DELETE CASCADE,
        createdAt \(int) NOT NULL,
        PRIMARY KEY (accountId, storeId))
      """,
      """
      CREATE TABLE printStaff (
        accountId \(int) PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
        storeId \(int) NOT NULL REFERENCES printStore(id) ON DELETE CASCADE)
      """,
      """
      CREATE TABLE printProfile (
        accountId \(int) PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
        collegeId \(int) REFERENCES college(id),
        balance \(int) NOT NULL DEFAULT 0 CHECK (balance >= 0))
      """,
      """
      CREATE TABLE creditEntry (
        id \(id),
        accountId \(int) NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('topUp', 'charge', 'refund')),
        amount \(int) NOT NULL,
        balanceAfter \(int) NOT NULL CHECK (balanceAfter >= 0),
        orderId \(int),
        byAccountId \(int) REFERENCES account(id) ON DELETE SET NULL,
        createdAt \(int) NOT NULL)
      """,
      "CREATE INDEX creditEntry_account ON creditEntry(accountId, id)",
      """
      CREATE TABLE printOrder (
        id \(id),
        accountId \(int) NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        storeId \(int) NOT NULL REFERENCES printStore(id),
        state TEXT NOT NULL,
        total \(int) NOT NULL,
        pages \(int) NOT NULL,
        quote TEXT NOT NULL,
        idempotencyKey TEXT NOT NULL,
        reason TEXT,
        pickupCode TEXT,
        pickupExpiresAt \(int),
        createdAt \(int) NOT NULL,
        updatedAt \(int) NOT NULL)
      """,
      """
      CREATE TABLE printFile (
        id \(id),
        accountId \(int) NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        orderId \(int) REFERENCES printOrder(id) ON DELETE SET NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        bytes \(int) NOT NULL,
        sha256 TEXT NOT NULL,
        pages \(int) NOT NULL,
        path TEXT NOT NULL,
        createdAt \(int) NOT NULL,
        deleteAfter \(int) NOT NULL)
      """,
      "CREATE INDEX printFile_account ON printFile(accountId, id)",
      "CREATE INDEX printFile_order ON printFile(orderId)",
      "CREATE INDEX printFile_sweep ON printFile(deleteAfter)",
      "CREATE UNIQUE INDEX printFile_path ON printFile(path)",
      "CREATE UNIQUE INDEX printOrder_key ON printOrder(accountId, idempotencyKey)",
      "CREATE INDEX printOrder_store ON printOrder(storeId, state, id)",
      "CREATE INDEX printOrder_account ON printOrder(accountId, id)",
    ]
  }
}
