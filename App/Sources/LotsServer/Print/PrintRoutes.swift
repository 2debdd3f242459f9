import Foundation
import Hummingbird
import LotsCore

/// Booster for students: colleges, the stores near one (a list sorted by distance, the
/// viewer's starred ones first), a store, stars, and one's profile (college, balance, the
/// store one works for). Files, quotes and orders are ``PrintOrderRoutes``; a shop's console
/// is ``ShopRoutes``.
struct PrintRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("print/colleges") { request, context -> Colleges in
      let text = request.uri.queryParameters.get("q") ?? ""
      guard text.count <= 100 else {
        throw AppError.badRequest("q is at most 100 characters", field: "q")
      }
      return Colleges(items: try await services.storage.colleges(matching: text, limit: 50))
    }
    router.get("print/map") { _, _ -> PrintMap in
      PrintMap(tiles: services.configuration.mapTiles)
    }
    router.get("print/me") { _, context -> PrintProfile in
      try await profile(try context.requireUser().id)
    }
    router.put("print/me/college") { request, context -> PrintProfile in
      let user = try context.requireUser()
      var request = request
      let choice = try await request.decodeStrictly(
        CollegeChoice.self, within: services.configuration.requestBodyTimeout)
      try await services.storage.setCollege(choice.collegeID, accountID: user.id)
      return try await profile(user.id)
    }
    router.get("print/stores") { request, context -> NearbyShops in
      let college = try await college(request, context)
      let center = GeoPoint(latitude: college.latitude, longitude: college.longitude)
      return NearbyShops(
        college: college,
        items: try await PrintShops.near(
          center, radius: PrintRoutesLimits.radius, viewerID: context.user?.id,
          limit: PrintRoutesLimits.listed, storage: services.storage, now: Date()))
    }
    router.get("print/stores/:id") { request, context -> PrintShop in
      let id = try Self.id(context)
      let center = try await optionalCollege(request, context).map {
        GeoPoint(latitude: $0.latitude, longitude: $0.longitude)
      }
      guard
        let row = try await services.storage.printShopRows(ids: [id], viewerID: context.user?.id)
          .first
      else { throw PrintErrors.storeNotFound }
      return try PrintShops.shop(row, from: center, now: Date())
    }
    for (method, on) in [(HTTPRequest.Method.put, true), (.delete, false)] {
      router.on("print/stores/:id/favourite", method: method) { _, context -> Response in
        let user = try context.requireUser()
        try await services.storage.setFavourite(
          on, storeID: try Self.id(context), accountID: user.id, now: Date())
        return Response(status: .noContent)
      }
    }
    PrintOrderRoutes(services: services).register(on: router)
    ShopRoutes(services: services).register(on: router)
  }

  private func profile(_ accountID: Int64) async throws -> PrintProfile {
    let storage = services.storage
    var college: College?
    if let id = try await storage.collegeID(accountID: accountID) {
      college = try await storage.college(id: id)
    }
    return PrintProfile(
      college: college,
      balance: try await storage.credits(accountID: accountID, limit: 0).balance,
      staffStoreID: try await storage.staffStoreID(accountID: accountID))
  }

  /// The college `?collegeId=` names, or the viewer's own.
  /// - Throws: ``AppError`` 404 for none that exists, 400 when none is named or chosen.
  private func college(_ request: Request, _ context: AppRequestContext) async throws -> College {
    guard let college = try await optionalCollege(request, context) else {
      throw AppError.badRequest("choose a college first", field: "collegeId")
    }
    return college
  }

  private func optionalCollege(_ request: Request, _ context: AppRequestContext) async throws
    -> College?
  {
    var id: Int64?
    if let text = request.uri.queryParameters.get("collegeId") {
      guard let value = Int64(text), value > 0 else { throw PrintErrors.collegeNotFound }
      id = value
    } else if let user = context.user {
      id = try await services.storage.collegeID(accountID: user.id)
    }
    guard let id else { return nil }
    guard let college = try await services.storage.college(id: id) else {
      throw PrintErrors.collegeNotFound
    }
    return college
  }

  /// A positive id from the path, or 404.
  static func id(_ context: AppRequestContext, _ name: String = "id") throws -> Int64 {
    guard let id = context.parameters.get(name).flatMap(Int64.init), id > 0 else {
      throw AppError.notFound(name == "id" ? "store" : "order")
    }
    return id
  }
}

/// How many stores, and how far, a college's list holds.
enum PrintRoutesLimits {
  /// How far from a college its stores may be, in metres.
  static let radius = 5_000.0
  /// The most stores listed.
  static let listed = 50
}

extension Colleges: ResponseEncodable {}
extension PrintMap: ResponseEncodable {}
extension NearbyShops: ResponseEncodable {}
extension PrintShop: ResponseEncodable {}
extension PrintProfile: ResponseEncodable {}
