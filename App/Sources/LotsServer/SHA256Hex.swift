import Crypto

extension SHA256.Digest {
  /// The digest as 64 lowercase hexadecimal digits, written into one string (a `String` per
  /// byte was 32 allocations: session tokens are hashed on every request).
  var hex: String {
    String(unsafeUninitializedCapacity: 2 * SHA256.byteCount) { text in
      var at = 0
      for byte in self {
        text[at] = hexDigits[Int(byte >> 4)]
        text[at + 1] = hexDigits[Int(byte & 15)]
        at += 2
      }
      return at
    }
  }
}

private let hexDigits = Array("0123456789abcdef".utf8)
