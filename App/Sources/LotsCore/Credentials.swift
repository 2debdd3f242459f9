/// The body of sign-up and sign-in requests.
public struct Credentials: Codable, Hashable, Sendable, StrictDecodable {
  /// The user name.
  public var username: String
  /// The password in clear; it is only ever stored as a bcrypt hash.
  public var password: String

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["username", "password"]

  /// Creates credentials.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
}
