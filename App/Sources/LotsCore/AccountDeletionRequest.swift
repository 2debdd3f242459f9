/// The body of `DELETE /api/me`: the account's password, to prove its owner is at the
/// keyboard (a borrowed, signed-in phone cannot delete an account).
public struct AccountDeletionRequest: Codable, Hashable, Sendable, StrictDecodable {
  public var password: String

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["password"]

  public init(password: String) {
    self.password = password
  }
}
