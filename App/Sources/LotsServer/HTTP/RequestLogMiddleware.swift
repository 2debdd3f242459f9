import HTTPTypes
import Hummingbird
import Logging

/// One structured line per request, at `info`: method, route, status, duration and the
/// request's id, which the response carries too (`X-Request-ID`), so that a person's report of
/// a failure finds its line. The route is the matched template (`/api/posts/{id}`), never the
/// path as sent: a shared list's token, an id someone searched for, a query string or any
/// header (cookie, authorization) never reaches the log. Each request is counted in `metrics`
/// too, by the same method, route and status, with its duration.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
  var metrics: ServerMetrics?

  /// The response header naming the request.
  static var header: HTTPField.Name { HTTPField.Name("X-Request-ID")! }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // Hummingbird's own id, in the request's log metadata (a test's context may have none).
    let id =
      context.logger[metadataKey: "hb.request.id"]?.description
      ?? String(UInt64.random(in: 1...UInt64.max), radix: 16)
    let start = ContinuousClock.now
    do {
      var response = try await next(request, context)
      response.headers[Self.header] = id
      log(request, context, status: String(response.status.code), since: start, id: id)
      return response
    } catch {
      // Errors became answers inside (ErrorMiddleware): only a client gone away is left.
      log(request, context, status: "gone", since: start, id: id)
      throw error
    }
  }

  private func log(
    _ request: Request, _ context: Context, status: String, since start: ContinuousClock.Instant,
    id: String
  ) {
    let duration = start.duration(to: .now)
    // Tenths of a millisecond, through the server's own `Duration.nanoseconds`.
    let milliseconds = Double(duration.nanoseconds / 100_000) / 10
    let route = context.endpointPath ?? "unmatched"
    metrics?.request(
      method: request.method.rawValue, route: route, status: status, duration: duration)
    context.logger.info(
      "request",
      metadata: [
        "method": "\(request.method.rawValue)", "route": "\(route)", "status": "\(status)",
        "ms": "\(milliseconds)", "request": "\(id)",
      ])
  }
}
