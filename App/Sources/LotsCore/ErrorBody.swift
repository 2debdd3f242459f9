/// The JSON body of every error response: `{"error": {"message": "..."}}`.
public struct ErrorBody: Codable, Hashable, Sendable {
  /// The error details.
  public struct Detail: Codable, Hashable, Sendable {
    /// A human-readable message naming the problem.
    public var message: String
    /// The request field at fault, when there is one (a form shows the message beside it).
    public var field: String?
  }

  /// The error details.
  public var error: Detail

  /// Creates an error body with a message, naming the field at fault if there is one.
  public init(message: String, field: String? = nil) {
    self.error = Detail(message: message, field: field)
  }
}
