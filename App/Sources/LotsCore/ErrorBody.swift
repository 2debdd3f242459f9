/// The JSON body of every error response: `{"error": {"message": "..."}}`.
public struct ErrorBody: Codable, Hashable, Sendable {
  /// The error details.
  public struct Detail: Codable, Hashable, Sendable {
    /// A human-readable message naming the problem.
    public var message: String
  }

  /// The error details.
  public var error: Detail

  /// Creates an error body with a message.
  public init(message: String) {
    self.error = Detail(message: message)
  }
}
