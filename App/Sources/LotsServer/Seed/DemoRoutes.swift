import Hummingbird
import LotsCore

/// `GET /api/demo`: the demo's accounts, its moderator and how far its photos are; 404 on a
/// server without demo content.
struct DemoRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("demo") { _, _ in
      guard let info = services.demo.info else {
        throw AppError(.notFound, "this server has no demo content")
      }
      return info
    }
  }
}

extension DemoInfo: ResponseEncodable {}
