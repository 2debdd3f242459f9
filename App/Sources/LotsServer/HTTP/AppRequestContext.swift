import Foundation
import Hummingbird
import LotsCore

/// The per-request context: the signed-in user, if any, set by ``SessionMiddleware``.
public struct AppRequestContext: RequestContext {
  /// Hummingbird's storage.
  public var coreContext: CoreRequestContextStorage
  /// The signed-in user.
  var user: User?
  /// The hash of the bearer token that signed the user in.
  var tokenHash: String?
  /// The client's address without port, the key of per-client rate limits.
  let clientAddress: String

  /// Creates a context for a request.
  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
  }

  /// API bodies use ISO 8601 dates with fractional seconds.
  public var responseEncoder: JSONEncoder { JSONCoding.shared }

  /// The signed-in user.
  /// - Throws: ``AppError`` 401 when there is none.
  func requireUser() throws -> User {
    guard let user else { throw AppError.unauthorized }
    return user
  }
}
