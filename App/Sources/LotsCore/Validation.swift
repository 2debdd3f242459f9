import Foundation

/// The rules every piece of user input must follow.
public enum Validation {
  /// The shortest password accepted.
  public static let minimumPasswordLength = 8
  /// The longest password accepted (bcrypt reads at most 72 bytes).
  public static let maximumPasswordLength = 72

  /// Checks a user name: 3–30 characters among `a–z`, `A–Z`, `0–9`, `_`, `.`, `-`, not starting
  /// with a dot, so that it can never be a path.
  /// - Throws: ``ValidationError`` naming the rule broken.
  public static func username(_ name: String) throws(ValidationError) {
    guard (3...30).contains(name.count) else {
      throw ValidationError("username must be 3 to 30 characters long", field: "username")
    }
    let allowed = name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "_.-".unicodeScalars
            .contains(scalar))
    }
    guard allowed, !name.hasPrefix(".") else {
      throw ValidationError(
        "username may contain only letters, digits, '_', '.' and '-' and must not start with '.'",
        field: "username")
    }
  }

  /// Checks a new password: its length, and nothing bcrypt would silently drop (it reads at
  /// most 72 bytes, and stops at a NUL byte) nor any other control character.
  /// - Throws: ``ValidationError`` naming the rule broken.
  public static func password(_ password: String) throws(ValidationError) {
    guard password.count >= minimumPasswordLength else {
      throw ValidationError(
        "password must be at least \(minimumPasswordLength) characters long", field: "password")
    }
    try passwordToCheck(password)
  }

  /// Checks a password given to sign in, before anything reads it: at most 72 bytes and no
  /// control character (a NUL, where bcrypt stops reading, would let `secret\0anything` pass
  /// for `secret`), so that what is checked is exactly what was typed.
  /// - Throws: ``ValidationError`` naming the rule broken.
  public static func passwordToCheck(_ password: String) throws(ValidationError) {
    guard password.utf8.count <= maximumPasswordLength else {
      throw ValidationError(
        "password must be at most \(maximumPasswordLength) bytes long", field: "password")
    }
    guard !password.unicodeScalars.contains(where: isControl) else {
      throw ValidationError(
        "password must not contain control characters (such as NUL)", field: "password")
    }
  }

  /// The most UTF-8 bytes per character a text's byte limit allows (a CJK character is three, an
  /// emoji four): `length.upperBound` times this.
  public static let bytesPerCharacter = 4

  /// Checks free text and returns it as it is to be stored: NFC-normalised (one form for what
  /// looks the same), surrounding whitespace trimmed, within `length` characters and
  /// ``bytesPerCharacter`` times its upper bound in UTF-8 bytes, and breaking none of
  /// ``TextRules`` (newlines allowed if `multiline`).
  /// - Throws: ``ValidationError`` naming `field`.
  /// - Complexity: O(*n*) for *n* bytes.
  public static func text(
    _ text: String, field: String, length: ClosedRange<Int>, multiline: Bool = false
  ) throws(ValidationError) -> String {
    // The byte limit before normalising: a flood of combining marks must not cost one.
    let maximumBytes = bytesPerCharacter * length.upperBound
    let tooLong = ValidationError(
      "\(field) must be at most \(maximumBytes) bytes of UTF-8", field: field)
    let trimmed = text.trimmingWhitespace()
    guard trimmed.utf8.count <= maximumBytes else { throw tooLong }
    // Normalising can lengthen a few characters (U+0958 becomes two code points).
    let normalised = trimmed.precomposedStringWithCanonicalMapping
    guard normalised.utf8.count <= maximumBytes else { throw tooLong }
    if let problem = TextRules.problem(in: normalised, multiline: multiline) {
      throw ValidationError("\(field) \(problem)", field: field)
    }
    guard length.contains(normalised.count) else {
      throw ValidationError(
        "\(field) must be \(length.lowerBound) to \(length.upperBound) characters long",
        field: field)
    }
    return normalised
  }

  /// Whether a scalar is a control, format-override or other invisible steering character.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    case .format:
      return (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
    default: return false
    }
  }
}

extension String {
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else {
      return ""
    }
    let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[start...end])
  }
}
