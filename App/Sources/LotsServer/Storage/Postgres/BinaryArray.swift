import NIOCore
import PostgresNIO

/// Two-dimensional `bigint` arrays read straight from a cell's bytes in PostgreSQL's binary
/// format (`array_send`): a feed page's entries come as one, a row per post, and PostgresNIO's
/// generic decoding looked up the element type's metadata for every element (a twentieth of
/// lots' CPU on a page).
///
/// The format: the dimension count, a flag for NULLs, the element type's OID, then per
/// dimension its length and lower bound, then each element as its byte length (-1 for NULL)
/// and its bytes, row by row. An empty array has no dimensions.
enum BinaryArray {
  /// `bigint`'s OID.
  private static let int8 = UInt32(20)

  /// The elements of a `bigint[][]` cell whose rows have `width` elements each, row by row
  /// (element `column` of row `row` at `row * width + column`); an empty array has none.
  /// - Throws: ``AppError`` (500) for anything else: another element type or shape, a NULL,
  ///   the text format, or bytes missing or left over.
  /// - Complexity: O(n) in the elements.
  static func int64Rows(_ cell: PostgresCell, width: Int) throws -> [Int64] {
    let unexpected = AppError(
      .internalServerError,
      "column \(cell.columnName) is not a bigint[][] of rows of \(width) without NULLs")
    guard cell.format == .binary, var buffer = cell.bytes,
      let dimensions = buffer.readInteger(as: Int32.self),
      buffer.readInteger(as: Int32.self) != nil,  // whether there are NULLs: each says so
      buffer.readInteger(as: UInt32.self) == int8
    else { throw unexpected }
    if dimensions == 0 {
      guard buffer.readableBytes == 0 else { throw unexpected }
      return []
    }
    guard dimensions == 2, let rows = buffer.readInteger(as: Int32.self),
      buffer.readInteger(as: Int32.self) != nil,  // the lower bound
      buffer.readInteger(as: Int32.self) == Int32(width),
      buffer.readInteger(as: Int32.self) != nil,
      rows >= 0, buffer.readableBytes == Int(rows) * width * (4 + 8)  // each: length, value
    else { throw unexpected }
    var elements: [Int64] = []
    elements.reserveCapacity(Int(rows) * width)
    for _ in 0..<Int(rows) * width {
      guard buffer.readInteger(as: Int32.self) == 8,
        let element = buffer.readInteger(as: Int64.self)
      else { throw unexpected }
      elements.append(element)
    }
    return elements
  }
}
