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
  /// When the session that signed the user in expires.
  var sessionExpiresAt: Date?
  /// Whether the credential came in the session cookie (a browser attaches it to any request,
  /// whoever makes it: ``SameOriginMiddleware`` checks where writes come from).
  var viaCookie = false
  /// Whether a token or cookie came that no session matches (expired, signed out, forged):
  /// reading goes on signed out; what needs an account says why it refuses.
  var staleCredential = false
  /// The peer's address without port (a reverse proxy's, behind one: see ``ClientAddress``).
  let peerAddress: String

  /// Creates a context for a request.
  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
  }

  /// The client's address, the key of per-client limits.
  func clientAddress(_ request: Request, trusting proxies: Set<String>) -> String {
    ClientAddress.of(peer: peerAddress, headers: request.headers, trusted: proxies)
  }

  /// API bodies use ISO 8601 dates with fractional seconds.
  public var responseEncoder: JSONEncoder { JSONCoding.shared }

  /// The signed-in user.
  /// - Throws: ``AppError`` 401 when there is none.
  func requireUser() throws -> User {
    guard let user else {
      if staleCredential {
        throw AppError(.unauthorized, "the session token is invalid or expired")
      }
      throw AppError.unauthorized
    }
    return user
  }
}
