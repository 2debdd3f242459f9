import NIOCore
import PostgresNIO

/// One-dimensional arrays of `bigint` or `boolean` read straight from a cell's bytes in
/// PostgreSQL's binary format (`array_send`): a feed page's entries come as such arrays, and
/// PostgresNIO's generic decoding looked up an element type's metadata for every element (a
/// twentieth of lots' CPU on a page).
///
/// The format: the dimension count, a flag for NULLs, the element type's OID, then per
/// dimension its length and lower bound, then each element as its byte length (-1 for NULL)
/// and its bytes. An empty array has no dimensions.
enum BinaryArray {
  /// PostgreSQL's element types read here: their OIDs and names.
  private static let int8 = (oid: UInt32(20), name: "bigint")
  private static let bool = (oid: UInt32(16), name: "boolean")

  /// The elements of a `bigint[]` cell.
  /// - Throws: ``AppError`` (500) for anything but a one-dimensional `bigint[]` in binary
  ///   format without NULLs.
  /// - Complexity: O(n) in the elements.
  static func int64s(_ cell: PostgresCell) throws -> [Int64] {
    try elements(of: cell, type: int8, width: 8) { $0.readInteger(as: Int64.self) }
  }

  /// The elements of a `boolean[]` cell.
  /// - Throws: ``AppError`` (500) for anything but a one-dimensional `boolean[]` in binary
  ///   format without NULLs.
  /// - Complexity: O(n) in the elements.
  static func bools(_ cell: PostgresCell) throws -> [Bool] {
    try elements(of: cell, type: bool, width: 1) { $0.readInteger(as: UInt8.self).map { $0 != 0 } }
  }

  private static func elements<Element>(
    of cell: PostgresCell, type: (oid: UInt32, name: String), width: Int32,
    _ read: (inout ByteBuffer) -> Element?
  ) throws -> [Element] {
    let unexpected = AppError(
      .internalServerError,
      "column \(cell.columnName) is not a one-dimensional \(type.name)[] without NULLs")
    guard cell.format == .binary, var buffer = cell.bytes,
      let dimensions = buffer.readInteger(as: Int32.self),
      buffer.readInteger(as: Int32.self) != nil,  // whether there are NULLs: each says so
      buffer.readInteger(as: UInt32.self) == type.oid
    else { throw unexpected }
    if dimensions == 0 {
      guard buffer.readableBytes == 0 else { throw unexpected }
      return []
    }
    guard dimensions == 1, let count = buffer.readInteger(as: Int32.self),
      buffer.readInteger(as: Int32.self) != nil,  // the lower bound
      count >= 0, buffer.readableBytes == Int(count) * Int(4 + width)
    else { throw unexpected }
    var elements: [Element] = []
    elements.reserveCapacity(Int(count))
    for _ in 0..<count {
      guard buffer.readInteger(as: Int32.self) == width, let element = read(&buffer) else {
        throw unexpected
      }
      elements.append(element)
    }
    return elements
  }
}
