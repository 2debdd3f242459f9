import NIOCore
import PostgresNIO
import Testing

@testable import LotsServer

/// Tables read from PostgreSQL's binary format by hand (a feed page's entries): what
/// `array_send` writes comes back element for element, and anything else (NULLs, another
/// element type or shape, a cut or padded buffer, text) is an error, never a wrong value or a
/// trap. The real server's arrays are read by the feed tests on PostgreSQL.
@Suite(.oncePerRun) struct BinaryArrayTests {
  /// A cell holding an array as `array_send` writes it: `dimensions` (each its length),
  /// element type `oid`, and each element's bytes (nil: NULL).
  static func cell(
    oid: UInt32, dimensions: [Int32]? = nil, _ elements: [[UInt8]?],
    format: PostgresFormat = .binary, extra: [UInt8] = []
  ) -> PostgresCell {
    var buffer = ByteBuffer()
    let lengths = dimensions ?? (elements.isEmpty ? [] : [Int32(elements.count)])
    buffer.writeInteger(Int32(lengths.count))
    buffer.writeInteger(Int32(elements.contains { $0 == nil } ? 1 : 0))
    buffer.writeInteger(oid)
    for length in lengths {
      buffer.writeInteger(length)
      buffer.writeInteger(Int32(1))
    }
    for element in elements {
      if let element {
        buffer.writeInteger(Int32(element.count))
        buffer.writeBytes(element)
      } else {
        buffer.writeInteger(Int32(-1))
      }
    }
    buffer.writeBytes(extra)
    return PostgresCell(
      bytes: buffer, dataType: oid == 16 ? .boolArray : .int8Array, format: format,
      columnName: "ids", columnIndex: 1)
  }

  static func bytes(_ value: Int64) -> [UInt8] {
    var buffer = ByteBuffer()
    buffer.writeInteger(value)
    return Array(buffer.readableBytesView)
  }

  static func refused(_ cell: PostgresCell, width: Int = 2, _ what: Comment) {
    #expect(throws: AppError.self, what) { try BinaryArray.int64Rows(cell, width: width) }
  }

  @Test func rowsOfBigintsComeBackAsSent() throws {
    let values: [Int64] = [1, -2, 0, .max, .min, 1_732_000_000_123]
    let cell = Self.cell(oid: 20, dimensions: [3, 2], values.map(Self.bytes))
    #expect(try BinaryArray.int64Rows(cell, width: 2) == values)
    let rows = Self.cell(oid: 20, dimensions: [2, 3], values.map(Self.bytes))
    #expect(try BinaryArray.int64Rows(rows, width: 3) == values)
    #expect(try BinaryArray.int64Rows(Self.cell(oid: 20, []), width: 6) == [])
  }

  @Test func anythingElseIsAnError() throws {
    let four = (1...4).map { Self.bytes(Int64($0)) }
    Self.refused(Self.cell(oid: 20, dimensions: [1, 2], [Self.bytes(1), nil]), "a NULL element")
    Self.refused(
      Self.cell(oid: 23, dimensions: [1, 2], [[0, 0, 0, 1], [0, 0, 0, 2]]),
      "integer[][], not bigint[][]")
    Self.refused(Self.cell(oid: 16, dimensions: [1, 2], [[1], [0]]), "boolean[][]")
    Self.refused(Self.cell(oid: 20, four), "one dimension")
    Self.refused(Self.cell(oid: 20, dimensions: [1, 2, 2], four), "three dimensions")
    Self.refused(Self.cell(oid: 20, dimensions: [2, 2], four), width: 4, "rows of another width")
    Self.refused(Self.cell(oid: 20, dimensions: [3, 2], four), "fewer elements than said")
    Self.refused(Self.cell(oid: 20, dimensions: [-1, 2], []), "a negative length")
    Self.refused(
      Self.cell(oid: 20, dimensions: [2, 2], four, extra: [0]), "a byte after the last element")
    Self.refused(Self.cell(oid: 20, [], extra: [0, 0, 0, 0]), "bytes after an empty array")
    Self.refused(Self.cell(oid: 20, dimensions: [2, 2], four, format: .text), "the text format")
    Self.refused(
      Self.cell(oid: 20, dimensions: [1, 2], [[1, 2, 3, 4], [5, 6, 7, 8]]),
      "elements of 4 bytes")
    Self.refused(
      PostgresCell(
        bytes: nil, dataType: .int8Array, format: .binary, columnName: "ids",
        columnIndex: 1), "NULL itself")
  }

  /// Seeded tables come back as sent. Cut short anywhere, each is an error; with any one byte
  /// overwritten, an error or (an element's bytes changed) a table of the same size, never a
  /// trap.
  @Test func seededTablesAndTheirDamage() throws {
    let seed = SeededRandom.replaySeed ?? UInt64.random(in: 1...UInt64.max)
    print("BinaryArrayTests seed \(seed) (replay with LOTS_SEED=\(seed))")
    var random = SeededRandom(seed: seed)
    for _ in 0..<300 {
      let width = random.int(in: 1...8)
      let rows = random.int(in: 0...40)
      let values = (0..<rows * width).map { _ in Int64.random(in: .min ... .max, using: &random) }
      let cell = Self.cell(
        oid: 20, dimensions: rows == 0 ? [] : [Int32(rows), Int32(width)], values.map(Self.bytes))
      #expect(try BinaryArray.int64Rows(cell, width: width) == values, "seed \(seed)")
      var bytes = Array(cell.bytes!.readableBytesView)
      let cut = random.int(in: 0..<bytes.count)
      var damaged = cell
      damaged.bytes = ByteBuffer(bytes: bytes.prefix(cut))
      Self.refused(damaged, width: width, "cut at \(cut) of \(bytes.count), seed \(seed)")
      bytes[random.int(in: 0..<bytes.count)] = UInt8(random.int(in: 0..<256))
      damaged.bytes = ByteBuffer(bytes: bytes)
      if let read = try? BinaryArray.int64Rows(damaged, width: width) {
        #expect(read.count == values.count, "seed \(seed)")
      }
    }
  }
}
