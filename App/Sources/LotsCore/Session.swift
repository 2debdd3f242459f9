import Foundation

/// The answer to a successful sign-up or sign-in.
public struct Session: Codable, Hashable, Sendable {
  /// The bearer token to send as `Authorization: Bearer <token>`; shown once, stored hashed.
  public var token: String
  /// When the token stops working.
  public var expiresAt: Date
  /// The signed-in user.
  public var user: User

  /// Creates a session value.
  public init(token: String, expiresAt: Date, user: User) {
    self.token = token
    self.expiresAt = expiresAt
    self.user = user
  }
}
