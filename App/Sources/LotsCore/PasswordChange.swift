/// The body of a password change: the current password, to prove it is the account's owner at
/// the keyboard, and the new one.
public struct PasswordChange: Codable, Hashable, Sendable, StrictDecodable {
  /// The password now.
  public var currentPassword: String
  /// The password from now on.
  public var newPassword: String

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["currentPassword", "newPassword"]

  /// Creates a change.
  public init(currentPassword: String, newPassword: String) {
    self.currentPassword = currentPassword
    self.newPassword = newPassword
  }
}
