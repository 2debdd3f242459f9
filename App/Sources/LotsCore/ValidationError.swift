/// Input that breaks a rule; its message names the problem and is safe to show.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A human-readable description naming the field and the rule.
  public var message: String

  /// Creates an error with a message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }

  /// A short, printable excerpt of untrusted text for use inside a message.
  static func printable(_ text: String) -> String {
    let cleaned = text.unicodeScalars.map { scalar in
      Validation.isControl(scalar) ? "?" : String(scalar)
    }.joined()
    return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
  }
}
