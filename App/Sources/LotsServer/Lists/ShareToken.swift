/// The token of a list's shared link: 24 random bytes, base64url (32 characters), unguessable.
enum ShareToken {
  /// A new token.
  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return Base64URL.encode((0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) })
  }

  /// Whether `text` could be a token at all (checked before any database read).
  static func isWellFormed(_ text: String) -> Bool {
    text.utf8.count == 32 && Base64URL.decode(text)?.count == 24
  }
}
