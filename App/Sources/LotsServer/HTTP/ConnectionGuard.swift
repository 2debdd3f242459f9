import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Guards one HTTP/1.1 connection, below the router, where every request passes whatever its
/// path: the per-address connection cap, a deadline for each request's head and for its body,
/// and the framing rules the HTTP parser lets through.
///
/// - **Connections per address.** A connection from an address that holds
///   ``ConnectionCounts/limit`` already is closed at once, before it can cost a request.
/// - **The head's deadline.** Once a request's first bytes arrive, its head must be complete
///   within ``Limits/head``: a client that trickles its headers gets 408 and the connection
///   closes. (A connection that sends nothing is the idle timeout's to close.)
/// - **The body's deadline.** A request's body must be complete within ``Limits/body`` (an
///   upload's within ``Limits/upload``, plus two seconds for each
///   ``Limits/uploadBytesPerExtraSecond`` bytes that arrive: twice what the route grants, whose
///   own deadline also pauses while it processes a photo) of its head; routes that read a body
///   answer 408 by then themselves, so this is the backstop for one no route reads: the
///   connection closes.
/// - **Framing.** Exactly one `Host`, naming this server (else 400, or 421 for another host: a
///   page on a rebinding domain cannot reach a loopback deployment); `Transfer-Encoding`, if
///   any, exactly `chunked` and never beside `Content-Length` (two framings of one body are
///   how requests are smuggled past a proxy).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  /// The deadlines and the host names served.
  struct Limits: Sendable {
    var head: TimeAmount
    var body: TimeAmount
    var upload: TimeAmount
    /// The bytes of an upload that earn it one more second in the route (two here).
    var uploadBytesPerExtraSecond = Int.max
    /// Lowercased host names, without port.
    var hostNames: Set<String>
  }

  private let counts: ConnectionCounts
  private let limits: Limits
  /// The key this connection is counted under (see ``ConnectionCounts/key(of:)``).
  private var address: String?
  private var admitted = false
  private var counted = false
  /// Requests passed on whose response has not ended.
  private var inFlight = 0
  /// Between a head and its end.
  private var readingBody = false
  private var headDeadline: Scheduled<Void>?
  private var bodyDeadline: Scheduled<Void>?
  /// When the body being read must have ended (later as an upload's bytes arrive).
  private var bodyEnds = NIODeadline.distantFuture
  /// Whether the body being read is an upload's.
  private var readingUpload = false
  /// A refusal waiting for the response in flight to end; then nothing more is read.
  private var refusal: (status: HTTPResponse.Status, message: String)?
  private var refused = false
  /// Between a response's head and its end.
  private var responding = false
  /// This handler answered for the route: the route's own writes are dropped.
  private var closing = false

  init(counts: ConnectionCounts, limits: Limits) {
    self.counts = counts
    self.limits = limits
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { admit(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    admit(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    release()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    release()
  }

  private func admit(_ context: ChannelHandlerContext) {
    guard !admitted else { return }
    admitted = true
    guard let key = counts.key(of: context.channel.remoteAddress) else { return }
    address = key
    counted = counts.open(key)
    if !counted { context.close(promise: nil) }
  }

  private func release() {
    headDeadline?.cancel()
    bodyDeadline?.cancel()
    if counted, let address { counts.close(address) }
    counted = false
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refused else { return }
    let part = unwrapInboundIn(data)
    switch part {
    case .head(let head):
      headDeadline?.cancel()
      headDeadline = nil
      if let (status, message) = Self.problem(with: head, hostNames: limits.hostNames) {
        refuse(context, status, message)
        return
      }
      inFlight += 1
      readingBody = true
      readingUpload = Self.isUpload(head)
      bodyEnds = .now() + (readingUpload ? limits.upload : limits.body)
      armBodyDeadline(context)
    case .body(let bytes):
      if readingUpload {
        let earned = Deadline.earned(
          2 * bytes.readableBytes, bytesPerSecond: limits.uploadBytesPerExtraSecond)
        bodyEnds = bodyEnds + .nanoseconds(earned.nanoseconds)
      }
    case .end:
      readingBody = false
      bodyDeadline?.cancel()
      bodyDeadline = nil
    }
    context.fireChannelRead(data)
  }

  /// Schedules the body's deadline check at ``bodyEnds``; when it comes, a deadline moved
  /// later meanwhile is scheduled again, else the body took too long.
  private func armBodyDeadline(_ context: ChannelHandlerContext) {
    let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
    bodyDeadline = context.eventLoop.scheduleTask(deadline: bodyEnds) {
      let (guardian, context) = bound.value
      guard guardian.readingBody else { return }
      guard NIODeadline.now() >= guardian.bodyEnds else {
        guardian.armBodyDeadline(context)
        return
      }
      guardian.refused = true
      // The route had its own deadline and has not answered (a busy machine holds it back):
      // answer 408 here, and drop whatever it writes later. Mid-answer, or answered already
      // (a route that never read the body), only closing is left.
      if guardian.responding || guardian.inFlight == 0 {
        context.close(promise: nil)
      } else {
        guardian.closing = true
        guardian.send(context, .requestTimeout, "the request body took too long to arrive")
      }
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    // Bytes came and no head is complete yet: the head's clock starts.
    if !readingBody, !refused, headDeadline == nil, inFlight == 0, context.channel.isActive {
      let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
      headDeadline = context.eventLoop.scheduleTask(in: limits.head) {
        let (guardian, context) = bound.value
        guard !guardian.readingBody else { return }
        guardian.headDeadline = nil
        guardian.refuse(context, .requestTimeout, "the request's head took too long to arrive")
      }
    }
    context.fireChannelReadComplete()
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard !closing else {
      promise?.fail(ChannelError.ioOnClosedChannel)
      return
    }
    let part = unwrapOutboundIn(data)
    if case .head = part { responding = true }
    if case .end = part {
      responding = false
      inFlight = max(0, inFlight - 1)
      context.write(data, promise: promise)
      if inFlight == 0, let refusal {
        self.refusal = nil
        send(context, refusal.status, refusal.message)
      }
      return
    }
    context.write(data, promise: promise)
  }

  /// Answers `status` and closes, once no response is in flight; reads nothing more.
  private func refuse(
    _ context: ChannelHandlerContext, _ status: HTTPResponse.Status, _ message: String
  ) {
    refused = true
    if inFlight == 0 { send(context, status, message) } else { refusal = (status, message) }
  }

  private func send(
    _ context: ChannelHandlerContext, _ status: HTTPResponse.Status, _ message: String
  ) {
    let body = AppError.jsonBody(message)
    let head = HTTPResponse(
      status: status,
      headerFields: [
        .contentType: "application/json; charset=utf-8", .connection: "close",
        .contentLength: String(body.readableBytes), .cacheControl: "no-store",
      ])
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(body)), promise: nil)
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      bound.value.close(promise: nil)
    }
  }

  static let host = HTTPField.Name("Host")!

  /// Whether a request is a photo upload, whose body may take longer: a form with a file is
  /// the only body no JSON route reads (those answer 415 to it at once).
  static func isUpload(_ head: HTTPRequest) -> Bool {
    head.headerFields[.contentType]?.lowercased().hasPrefix("multipart/form-data") == true
  }

  /// What is wrong with a request head's framing, as the status and message to answer.
  /// - Complexity: O(*h*) for *h* header fields.
  static func problem(with head: HTTPRequest, hostNames: Set<String>)
    -> (HTTPResponse.Status, String)?
  {
    // The first Host became the authority; any other is still a field.
    guard let authority = head.authority, head.headerFields[Self.host] == nil else {
      return (.badRequest, "a request must carry exactly one Host header")
    }
    guard hostNames.contains(Self.hostName(authority)) else {
      return (.misdirectedRequest, "this server does not serve that host")
    }
    let codings = head.headerFields[values: .transferEncoding]
    if !codings.isEmpty {
      let list = codings.joined(separator: ",").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
      guard list == ["chunked"] else {
        return (.badRequest, "Transfer-Encoding must be chunked alone")
      }
      guard head.headerFields[.contentLength] == nil else {
        return (.badRequest, "a request must not carry both Transfer-Encoding and Content-Length")
      }
    }
    if Set(head.headerFields[values: .contentLength]).count > 1 {
      return (.badRequest, "a request must carry one Content-Length")
    }
    return nil
  }

  /// The host name of a `Host` value, lowercased, without its port.
  static func hostName(_ authority: String) -> String {
    let lowered = authority.lowercased()
    if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
      return String(lowered[...close])
    }
    if let colon = lowered.lastIndex(of: ":"),
      lowered[lowered.index(after: colon)...].allSatisfy(\.isNumber)
    {
      return String(lowered[..<colon])
    }
    return lowered
  }
}

extension HTTPResponse.Status {
  /// 421: the request named a host this server does not serve.
  static let misdirectedRequest = HTTPResponse.Status(
    code: 421, reasonPhrase: "Misdirected Request")
}

extension ConnectionGuard.Limits {
  /// The limits a configuration names; the backstops give the routes' own 408 time to go out.
  init(_ configuration: ServerConfiguration) {
    let slack = Duration.seconds(5)
    self.init(
      head: .nanoseconds(configuration.requestHeadTimeout.nanoseconds),
      body: .nanoseconds((configuration.requestBodyTimeout + slack).nanoseconds),
      upload: .nanoseconds((configuration.uploadBodyTimeout + slack).nanoseconds),
      uploadBytesPerExtraSecond: configuration.uploadBytesPerExtraSecond,
      hostNames: Set(configuration.hostNames.map { ConnectionGuard.hostName($0) }))
  }
}
