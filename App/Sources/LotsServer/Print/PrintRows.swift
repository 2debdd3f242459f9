import Foundation
import LotsCore

/// Turning Booster's stored text (price lists and quotes are JSON) into values, for both
/// backends.
enum PrintRows {
  static func json<Value: Encodable>(_ value: Value) throws -> String {
    String(decoding: try JSONCoding.shared.encode(value), as: UTF8.self)
  }

  static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    try JSONCoding.decoder().decode(type, from: Data(text.utf8))
  }

  /// The order a stored row holds, its pickup code shown only to its student (`owner`).
  static func order(
    id: Int64, storeID: Int64, state: String, quote: String, pages: Int64, reason: String?,
    pickupCode: String?, pickupExpiresAt: Int64?, createdAt: Int64, updatedAt: Int64,
    owner: Bool
  ) throws -> PrintOrder {
    func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }
    return PrintOrder(
      id: id, storeID: storeID, state: PrintOrderState(rawValue: state) ?? .ordered,
      quote: try decode(PrintQuote.self, quote), pages: Int(pages), reason: reason,
      pickupCode: owner ? pickupCode : nil, pickupExpiresAt: pickupExpiresAt.map(date),
      createdAt: date(createdAt), updatedAt: date(updatedAt))
  }
}
