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
      throw ValidationError("username must be 3 to 30 characters long")
    }
    let allowed = name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "_.-".unicodeScalars
            .contains(scalar))
    }
    guard allowed, !name.hasPrefix(".") else {
      throw ValidationError(
        "username may contain only letters, digits, '_', '.' and '-' and must not start with '.'")
    }
  }

  /// Checks a password's length.
  /// - Throws: ``ValidationError`` naming the rule broken.
  public static func password(_ password: String) throws(ValidationError) {
    guard password.count >= minimumPasswordLength else {
      throw ValidationError("password must be at least \(minimumPasswordLength) characters long")
    }
    guard password.utf8.count <= maximumPasswordLength else {
      throw ValidationError("password must be at most \(maximumPasswordLength) bytes long")
    }
  }

  /// Checks free text: a length range and no control characters (newlines allowed if
  /// `multiline`), no bidirectional overrides.
  /// - Returns: The text with surrounding whitespace trimmed.
  /// - Throws: ``ValidationError`` naming `field`.
  public static func text(
    _ text: String, field: String, length: ClosedRange<Int>, multiline: Bool = false
  ) throws(ValidationError) -> String {
    let trimmed = text.trimmingWhitespace()
    guard length.contains(trimmed.count) else {
      throw ValidationError(
        "\(field) must be \(length.lowerBound) to \(length.upperBound) characters long")
    }
    for scalar in trimmed.unicodeScalars where isControl(scalar) {
      if multiline && scalar == "\n" { continue }
      throw ValidationError("\(field) must not contain control characters")
    }
    return trimmed
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
