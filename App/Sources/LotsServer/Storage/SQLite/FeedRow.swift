import GRDB

/// A row of a feed page's SELECT while its statement is on it. Whole posts decode through
/// GRDB's `Row`; the integers every page reads from every row (id, like count, likedByMe, sort
/// key, sequence) come straight from the SQLite statement, skipping GRDB's generic decoding,
/// which was about 7 % of a page.
struct FeedRow {
  let row: Row
  let statement: SQLiteStatement

  /// The integer in a column (0 for NULL, as SQLite converts it).
  func int64(_ column: Int) -> Int64 {
    Int64(sqliteStatement: statement, index: CInt(column))
  }
}
