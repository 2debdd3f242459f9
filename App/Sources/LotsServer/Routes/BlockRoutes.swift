import Foundation
import Hummingbird

/// Block and unblock users. The list of one's blocks is never exposed to others.
struct BlockRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.put("users/:username/block") { _, context in try await block(true, context) }
    router.delete("users/:username/block") { _, context in try await block(false, context) }
  }

  func block(_ blocked: Bool, _ context: AppRequestContext) async throws -> HTTPResponse.Status {
    let user = try context.requireUser()
    let name = context.parameters.get("username") ?? ""
    try await services.database.setBlock(blocked, username: name, blockerID: user.id, now: Date())
    services.hub.blocksDidChange()
    return .noContent
  }
}
