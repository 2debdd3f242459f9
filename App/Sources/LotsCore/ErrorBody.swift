/// The JSON body of every error response: `{"error": {"message": "..."}}`.
public struct ErrorBody: Codable, Hashable, Sendable {
  /// The error details.
  public struct Detail: Codable, Hashable, Sendable {
    /// A human-readable message naming the problem.
    public var message: String
    /// The request field at fault, when there is one (a form shows the message beside it).
    public var field: String?
    /// Which of a repeated field's values is at fault, counting from 1 (the third `photo` of
    /// an upload is 3); absent for a field sent once.
    public var index: Int?
  }

  /// The error details.
  public var error: Detail

  /// Creates an error body with a message, naming the field at fault (and which of its values)
  /// if there is one.
  public init(message: String, field: String? = nil, index: Int? = nil) {
    self.error = Detail(message: message, field: field, index: index)
  }
}
