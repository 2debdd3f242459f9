import ExtrasBase64

/// Base64url without padding (RFC 4648 §5), the alphabet of cursor tokens, through
/// swift-extras-base64 (already in the build for hummingbird-auth).
///
/// Foundation's base64 plus three `replacingOccurrences` passes was a visible share of a feed
/// page in a profile; a token is a few dozen bytes, encoded once per page.
enum Base64URL {
  /// The text of `bytes`, without `=` padding.
  /// - Complexity: O(n).
  static func encode(_ bytes: some Collection<UInt8>) -> String {
    Base64.encodeToString(bytes: bytes, options: [.base64UrlAlphabet, .omitPaddingCharacter])
  }

  /// The bytes of `text`, or nil when it is not exactly what ``encode(_:)`` writes (a wrong
  /// character, `=`, a length of 1 modulo 4, or non-zero bits after the last byte): a token
  /// has one spelling.
  /// - Complexity: O(n).
  static func decode(_ text: String) -> [UInt8]? {
    guard
      let bytes = try? Base64.decode(
        string: text, options: [.base64UrlAlphabet, .omitPaddingCharacter]),
      encode(bytes) == text
    else { return nil }
    return bytes
  }
}
