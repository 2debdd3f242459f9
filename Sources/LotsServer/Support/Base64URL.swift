/// Base64url without padding (RFC 4648 §5), the alphabet of cursor tokens.
///
/// Foundation's base64 plus three `replacingOccurrences` passes was a visible share of a feed
/// page in a profile; a token is a few dozen bytes, encoded once per page.
enum Base64URL {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The text of `bytes`, without `=` padding.
  /// - Complexity: O(n).
  static func encode(_ bytes: some Collection<UInt8>) -> String {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity((input.count * 4 + 2) / 3)
    var index = 0
    while index < input.count {
      let count = min(3, input.count - index)
      var group = UInt32(input[index]) << 16
      if count > 1 { group |= UInt32(input[index + 1]) << 8 }
      if count > 2 { group |= UInt32(input[index + 2]) }
      for shift in stride(from: 18, through: 18 - 6 * count, by: -6) {
        output.append(alphabet[Int(group >> UInt32(shift) & 63)])
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes of `text`, or nil when it is not unpadded base64url (a wrong character, `=`,
  /// a length of 1 modulo 4, or non-zero bits after the last byte).
  /// - Complexity: O(n).
  static func decode(_ text: String) -> [UInt8]? {
    var values: [UInt8] = []
    values.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
      case UInt8(ascii: "-"): values.append(62)
      case UInt8(ascii: "_"): values.append(63)
      default: return nil
      }
    }
    guard values.count % 4 != 1 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(values.count * 3 / 4)
    var index = 0
    while index < values.count {
      let count = min(4, values.count - index)
      var group: UInt32 = 0
      for offset in 0..<4 {
        group = group << 6 | UInt32(offset < count ? values[index + offset] : 0)
      }
      let bytes = count - 1
      // Bits below the last whole byte must be zero, as an encoder writes them.
      guard group & ((1 << UInt32(8 * (3 - bytes))) - 1) == 0 else { return nil }
      for shift in stride(from: 16, to: 16 - 8 * bytes, by: -8) {
        output.append(UInt8(truncatingIfNeeded: group >> UInt32(shift)))
      }
      index += 4
    }
    return output
  }
}
