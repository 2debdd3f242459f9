import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /metrics`: ``ServerMetrics`` in the Prometheus text format, never public. It answers a
/// client on this machine (a loopback peer, with no forwarding header: behind a proxy on the
/// same machine every visitor would be one) or one that shows the operator's token
/// (`Authorization: Bearer`, `lots serve --metrics-token`); anyone else gets 403 saying how.
struct MetricsRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("metrics") { request, context -> Response in
      guard
        Self.mayRead(
          request, peer: context.peerAddress, token: services.configuration.metricsToken)
      else {
        throw AppError(
          .forbidden,
          "metrics are served to this machine only, or with the operator's token "
            + "(lots serve --metrics-token)")
      }
      let sample = ServerMetrics.Sample(
        openStreams: services.hub.subscriberCount,
        changeLogLag: max(
          0, try await services.storage.currentSequence() - services.hub.lastLoaded),
        uploadsInFlight: services.imageWork.inFlight,
        passwordChecksInFlight: services.passwordWork.inFlight,
        databaseWaiting: services.storage.waits.waiting,
        databaseWaitedTotal: services.storage.waits.waitedTotal)
      return Response(
        status: .ok,
        headers: [
          .contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store",
        ],
        body: .init(byteBuffer: ByteBuffer(string: services.metrics.text(with: sample))))
    }
  }

  /// Whether `request`, from `peer`, may read the metrics: from loopback without forwarding
  /// headers, or with `token` (compared in constant time).
  static func mayRead(_ request: Request, peer: String, token: String?) -> Bool {
    if let token, let sent = request.headers[.authorization], sent.hasPrefix("Bearer ") {
      let given = SHA256.hash(data: Data(sent.dropFirst(7).utf8))
      return given == SHA256.hash(data: Data(token.utf8))
    }
    let forwarded =
      request.headers[.xForwardedFor] != nil
      || request.headers[HTTPField.Name("Forwarded")!] != nil
    return !forwarded && (peer == "127.0.0.1" || peer == "::1" || peer.hasPrefix("127."))
  }
}
