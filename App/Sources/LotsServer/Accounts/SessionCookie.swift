import HTTPTypes
import Hummingbird

/// The browser's credential: an HttpOnly, SameSite=Lax cookie holding the session token, so
/// that no page script can read it and EventSource sends it without a token in any URL.
/// Native clients keep the bearer token of the JSON body.
enum SessionCookie {
  static let name = "lots_session"
  static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

  /// The `Set-Cookie` value that stores `token` until `maxAge` seconds from now; `Secure` when
  /// the request came over HTTPS (directly, or as a proxy in front says).
  static func set(_ token: String, maxAge: Int, for request: Request) -> String {
    attributes("\(name)=\(token)", maxAge: max(maxAge, 0), request)
  }

  /// The `Set-Cookie` value that removes the cookie.
  static func clear(for request: Request) -> String {
    attributes("\(name)=", maxAge: 0, request)
  }

  private static func attributes(_ pair: String, maxAge: Int, _ request: Request) -> String {
    let secure = isHTTPS(request) ? "; Secure" : ""
    return "\(pair); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax\(secure)"
  }

  /// Whether the request came over HTTPS.
  static func isHTTPS(_ request: Request) -> Bool {
    request.head.scheme == "https"
      || request.headers[forwardedProto]?.lowercased() == "https"
  }

  /// The session token in the request's `Cookie` header, if any.
  static func token(in request: Request) -> String? {
    for header in request.headers[values: .cookie] {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else {
          continue
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
      }
    }
    return nil
  }
}
