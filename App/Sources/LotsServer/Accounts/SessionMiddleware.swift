import Crypto
import Foundation
import Hummingbird
import LotsCore

/// Reads `Authorization: Bearer <token>` (native clients) or the session cookie (browsers) and
/// puts the session's user in the context. An unknown or expired token or cookie is treated as
/// signed out: anonymous reading never breaks; what needs an account answers 401.
struct SessionMiddleware: RouterMiddleware {
  let store: any AccountStore
  let cache: SessionCache

  func handle(
    _ request: Request, context: AppRequestContext,
    next: (Request, AppRequestContext) async throws -> Response
  ) async throws -> Response {
    let bearer = Self.token(in: request)
    guard let token = bearer ?? SessionCookie.token(in: request) else {
      return try await next(request, context)
    }
    var context = context
    context.viaCookie = bearer == nil
    let hash = Self.hash(token)
    let now = Date()
    let user: User
    if let cached = cache.session(tokenHash: hash, now: now) {
      user = cached.user
      context.sessionExpiresAt = cached.expiresAt
    } else if let session = try await store.sessionUser(tokenHash: hash, now: now) {
      user = session.user
      context.sessionExpiresAt = session.expiresAt
      cache.store(session.user, expiresAt: session.expiresAt, tokenHash: hash)
    } else {
      context.staleCredential = true
      return try await next(request, context)
    }
    context.user = user
    context.tokenHash = hash
    return try await next(request, context)
  }

  static func token(in request: Request) -> String? {
    guard let header = request.headers[.authorization] else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    if parts.count == 2, parts[0].lowercased() == "bearer" { return String(parts[1]) }
    return header
  }

  /// Tokens are stored as their SHA-256 (lower-case hex), so a stolen database can't sign
  /// anyone in.
  static func hash(_ token: String) -> String {
    SHA256.hash(data: Array(token.utf8)).hex
  }
}
