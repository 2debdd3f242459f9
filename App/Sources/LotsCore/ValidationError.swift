/// Input that breaks a rule; its message names the problem and is safe to show.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A human-readable description naming the field and the rule.
  public var message: String
  /// The field at fault, when there is one: a form shows the message beside it.
  public var field: String?

  /// Creates an error with a message, naming the field at fault if there is one.
  public init(_ message: String, field: String? = nil) {
    self.message = message
    self.field = field
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
