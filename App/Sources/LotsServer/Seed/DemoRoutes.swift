import Hummingbird
import LotsCore

/// `GET /api/demo`: the demo's accounts, its moderator and how far its photos are; 204 (no
/// content, and nothing a browser logs as a failed load) on a server without demo content.
struct DemoRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("demo") { request, context -> Response in
      guard let info = services.demo.info else { return Response(status: .noContent) }
      return try info.response(from: request, context: context)
    }
  }
}

extension DemoInfo: ResponseEncodable {}
