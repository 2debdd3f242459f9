/// The tables of leaving: accounts deleted (kept as a nameless row, so that the reports they
/// made stay for moderators), names reserved after a deletion, and data archives. One
/// definition for both backends; `sqlite` picks SQLite's integer type.
enum LeavingSchema {
  static func statements(sqlite: Bool) -> [String] {
    let int = sqlite ? "INTEGER" : "BIGINT"
    return [
      "ALTER TABLE account ADD COLUMN deletedAt \(int)",
      """
      CREATE TABLE reservedName (
        skeleton TEXT PRIMARY KEY,
        reservedUntil \(int) NOT NULL)
      """,
      """
      CREATE TABLE dataExport (
        accountId \(int) PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
        state TEXT NOT NULL CHECK (state IN ('building', 'ready', 'failed')),
        file TEXT,
        bytes \(int),
        requestedAt \(int) NOT NULL,
        readyAt \(int),
        expiresAt \(int))
      """,
    ]
  }
}
