import Foundation
import Hummingbird
import HummingbirdBcrypt
import LotsCore
import NIOPosix

/// Sign up, sign in, sign out (here, or everywhere) and me. Signing up or in answers with the
/// session (a bearer token for native clients) and sets the session cookie for browsers.
struct AccountRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.post("accounts") { request, context in try await signUp(request, context) }
    router.post("sessions") { request, context in try await signIn(request, context) }
    router.delete("sessions/current") { request, context in
      _ = try context.requireUser()
      if let hash = context.tokenHash {
        try await services.storage.deleteSession(tokenHash: hash)
        services.sessionsEnded(.session(tokenHash: hash))
      }
      return Self.signedOut(request)
    }
    router.delete("sessions") { request, context in
      let user = try context.requireUser()
      try await services.storage.deleteSessions(userID: user.id)
      services.sessionsEnded(.user(user.id))
      return Self.signedOut(request)
    }
    router.get("me") { _, context in
      let user = try context.requireUser()
      return Me(user: user, moderator: try await services.storage.isModerator(user.id))
    }
    router.put("me/password") { request, context in
      try await changePassword(request, context)
      return Response(status: .noContent)
    }
  }

  /// Changes the signed-in user's password, given the current one: every other session of
  /// theirs ends at once, with its streams (a stolen session does not outlive the change);
  /// this one stays.
  func changePassword(_ request: Request, _ context: AppRequestContext) async throws {
    let user = try context.requireUser()
    var request = request
    let change = try await request.decodeStrictly(
      PasswordChange.self, within: services.configuration.requestBodyTimeout)
    let (account, nameKey) = try await passwordHolder(
      user, password: change.currentPassword, field: "currentPassword", request, context)
    do { try Validation.password(change.newPassword) } catch {
      var error = error
      error.field = "newPassword"
      throw AppError(error)
    }
    let key = try PostRoutes.idempotencyKey(request)
    let work = services.passwordWork
    // A retry of a change that was made (its answer lost) carries the same key and the new
    // password, now the current one: it is told the change is made, not that the current
    // password is wrong.
    if let key, try await services.storage.passwordChangeKey(userID: user.id) == key {
      let replayed = try await work.admitting {
        try await work.run { Bcrypt.verify(change.newPassword, hash: account.passwordHash) }
      }
      if replayed { return }
    }
    let cost = services.configuration.bcryptCost
    let hash = try await work.admitting {
      try await work.run { () -> String? in
        guard Bcrypt.verify(change.currentPassword, hash: account.passwordHash) else { return nil }
        return Bcrypt.hash(change.newPassword, cost: cost)
      }
    }
    guard let hash else {
      _ = services.signInLimiter.take(nameKey)
      throw AppError(.forbidden, "the current password is incorrect", field: "currentPassword")
    }
    try await services.storage.changePassword(
      userID: user.id, passwordHash: hash, keeping: context.tokenHash, key: key)
    services.sessionsEnded(.user(user.id))
  }

  /// The signed-in `user`'s account, for a request that proves it with `password`: checked
  /// for shape first (a 400 naming `field`), then the sign-in limiter asked (429).
  /// - Returns: The account's row, and the limiter's key to `take` when the password is wrong.
  func passwordHolder(
    _ user: User, password: String, field: String, _ request: Request,
    _ context: AppRequestContext
  ) async throws -> (account: (user: User, passwordHash: String), limiterKey: String) {
    do { try Validation.passwordToCheck(password) } catch {
      var error = error
      error.field = field
      throw AppError(error)
    }
    let client = context.clientAddress(request, trusting: services.configuration.trustedProxies)
    let nameKey = "\(user.username.lowercased())\u{0}\(client)"
    try services.signInLimiter.checkWithoutTaking(nameKey, action: "password")
    guard let account = try await services.storage.account(named: user.username) else {
      throw AppError.unauthorized
    }
    return (account, nameKey)
  }

  func signUp(_ request: Request, _ context: AppRequestContext) async throws
    -> EditedResponse<Session>
  {
    let credentials = try await credentials(in: request, new: true)
    let client = context.clientAddress(request, trusting: services.configuration.trustedProxies)
    try services.signUpLimiter.check(client, action: "sign-up")
    let cost = services.configuration.bcryptCost
    let work = services.passwordWork
    let hash = try await work.admitting {
      try await work.run { Bcrypt.hash(credentials.password, cost: cost) }
    }
    let moderators = services.configuration.moderators
    let role: AccountRole =
      moderators.isEmpty
      ? .moderatorIfFirst
      : moderators.contains(credentials.username.lowercased()) ? .moderator : .member
    let user = try await services.storage.createUser(
      username: credentials.username, passwordHash: hash, now: Date(), role: role)
    return try await opened(user, request)
  }

  func signIn(_ request: Request, _ context: AppRequestContext) async throws
    -> EditedResponse<Session>
  {
    let credentials = try await credentials(in: request, new: false)
    // Every attempt counts against the client's address; only failures count against the
    // name from that address, so guesses elsewhere never lock the real user out.
    let client = context.clientAddress(request, trusting: services.configuration.trustedProxies)
    let nameKey = "\(credentials.username.lowercased())\u{0}\(client)"
    try services.signInClientLimiter.check(client, action: "sign-in")
    try services.signInLimiter.checkWithoutTaking(nameKey, action: "sign-in")
    let account = try await services.storage.account(named: credentials.username)
    // Verify against a dummy hash for unknown names so timing does not reveal which exist.
    let hash = account?.passwordHash ?? services.dummyPasswordHash
    let work = services.passwordWork
    let valid = try await work.admitting {
      try await work.run { Bcrypt.verify(credentials.password, hash: hash) }
    }
    if !valid { _ = services.signInLimiter.take(nameKey) }
    guard valid, let user = account?.user else {
      throw AppError(.unauthorized, "username or password is incorrect")
    }
    return try await opened(user, request)
  }

  /// The credentials a sign-up (`new`) or a sign-in sends, refused whole before anything else
  /// sees them: a name no account can have and a password no one can have set (or, signing
  /// up, may set) are a 400, so the limiter and the database read the same name, and a
  /// limiter key costs at most a name's 30 bytes.
  func credentials(in request: Request, new: Bool) async throws -> Credentials {
    var request = request
    let credentials = try await request.decodeStrictly(
      Credentials.self, within: services.configuration.requestBodyTimeout)
    do {
      try Validation.username(credentials.username)
      try new
        ? Validation.password(credentials.password)
        : Validation.passwordToCheck(credentials.password)
    } catch { throw AppError(error) }
    return credentials
  }

  /// A new session for `user`: 201 with the session, and the cookie for a browser.
  func opened(_ user: User, _ request: Request) async throws -> EditedResponse<Session> {
    let session = try await openSession(for: user)
    let maxAge = Int(session.expiresAt.timeIntervalSinceNow.rounded(.down))
    return EditedResponse(
      status: .created,
      headers: [.setCookie: SessionCookie.set(session.token, maxAge: maxAge, for: request)],
      response: session)
  }

  /// 204, clearing the session cookie.
  static func signedOut(_ request: Request) -> Response {
    Response(status: .noContent, headers: [.setCookie: SessionCookie.clear(for: request)])
  }

  func openSession(for user: User) async throws -> Session {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let token = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    let expiresAt = Date().addingTimeInterval(services.configuration.policy.sessionLifetime)
    try await services.storage.createSession(
      tokenHash: SessionMiddleware.hash(token), userID: user.id, expiresAt: expiresAt)
    return Session(token: token, expiresAt: expiresAt, user: user)
  }

}

extension User: ResponseEncodable {}
extension Session: ResponseEncodable {}
extension Post: ResponseEncodable {}
extension LikeState: ResponseEncodable {}
extension Me: ResponseEncodable {}
