import HTTPTypes
import Hummingbird

/// `GET /api/stream`: Server-Sent Events after a sequence (`Last-Event-ID` or `?since=`).
struct StreamRoutes {
  let services: AppServices

  static let lastEventID = HTTPField.Name("Last-Event-ID")!

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("stream") { request, context in try await stream(request, context) }
  }

  func stream(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let text = request.headers[Self.lastEventID] ?? request.uri.queryParameters.get("since")
    var cursor = services.hub.lastLoaded
    var resetFirst = false
    if let text {
      guard let value = Int64(text), value >= 0 else {
        throw AppError.badRequest("Last-Event-ID (or since) must be a non-negative integer")
      }
      // An id from the future (another database, a forged id) can't be resumed either.
      if value > (try await services.storage.currentSequence()) {
        resetFirst = true
      } else {
        cursor = value
      }
    }
    let viewerID = context.user?.id
    let address = context.clientAddress(request, trusting: services.configuration.trustedProxies)
    let limits = (services.configuration.streamsPerUser, services.configuration.streamsPerAddress)
    let hub = services.hub
    guard hub.hasRoom(userID: viewerID, address: address, limits: limits) else {
      var error = AppError(.tooManyRequests, "too many open streams: close another tab first")
      error.headers[.retryAfter] = "10"
      throw error
    }
    let credential = context.tokenHash.flatMap { hash in
      context.sessionExpiresAt.map { StreamSession.Credential(tokenHash: hash, expiresAt: $0) }
    }
    let session = StreamSession(
      services: services, viewerID: viewerID, credential: credential, cursor: cursor,
      resetFirst: resetFirst)
    let headers: HTTPFields = [
      .contentType: "text/event-stream", .cacheControl: "no-store",
      HTTPField.Name("X-Accel-Buffering")!: "no",
    ]
    return Response(
      status: .ok, headers: headers,
      body: ResponseBody { writer in
        var session = session
        // Subscribed here, where the stream runs: a response never written leaks nothing. (A
        // race past the limit since the check above ends the stream at once.)
        guard
          let subscription = hub.subscribe(
            userID: viewerID, session: credential?.tokenHash, address: address, limits: limits)
        else { return try await writer.finish(nil) }
        do {
          try await request.body.consumeWithCancellationOnInboundClose { _ in
            try await session.run(subscription, writer: &writer)
          }
        } catch is CancellationError {
          return
        }
        try await writer.finish(nil)
      })
  }
}
