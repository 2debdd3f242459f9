import Foundation
import Hummingbird
import LotsCore

/// A print shop's console, for its staff only (granted by `lots print grant-staff`): its
/// queue in order, moving orders forward or refusing them with a reason, handing them over by
/// the student's pickup code (wrong codes are rate-limited per store), opening and closing,
/// its speed, and topping up a student's credits for cash.
struct ShopRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("print/shop") { _, context -> ShopConsole in
      let storeID = try await staffStore(context)
      return try await console(storeID, viewerID: try context.requireUser().id)
    }
    router.patch("print/shop") { request, context -> ShopConsole in
      let storeID = try await staffStore(context)
      var request = request
      let settings = try await request.decodeStrictly(
        ShopSettings.self, within: services.configuration.requestBodyTimeout)
      if let speed = settings.pagesPerMinute, !(1...1_000).contains(speed) {
        throw AppError.badRequest(
          "pages per minute must be from 1 to 1000", field: "pagesPerMinute")
      }
      guard
        let current = try await services.storage.printStoreSettings(id: storeID)
      else { throw PrintErrors.storeNotFound }
      try await services.storage.setStoreState(
        storeID: storeID, isOpen: settings.isOpen ?? current.isOpen,
        pagesPerMinute: settings.pagesPerMinute ?? current.pagesPerMinute)
      return try await console(storeID, viewerID: try context.requireUser().id)
    }
    for action in [PrintOrderState.Action.start, .finish, .refuse] {
      router.post("print/shop/orders/:order/\(action.rawValue)") {
        request, context -> PrintOrder in
        let storeID = try await staffStore(context)
        var reason: String?
        if action == .refuse {
          var request = request
          let body = try await request.decodeStrictly(
            PrintRefusal.self, within: services.configuration.requestBodyTimeout)
          do {
            reason = try Validation.text(body.reason, field: "reason", length: 1...300)
          } catch let error as ValidationError {
            throw AppError(error)
          }
        }
        return try await services.storage.advanceOrder(
          id: try PrintRoutes.id(context, "order"), storeID: storeID, action: action,
          reason: reason, now: Date())
      }
    }
    router.post("print/shop/pickup") { request, context -> PrintOrder in
      let storeID = try await staffStore(context)
      var request = request
      let body = try await request.decodeStrictly(
        PickupRequest.self, within: services.configuration.requestBodyTimeout)
      let key = "store-\(storeID)"
      try services.pickupLimiter.checkWithoutTaking(key, action: "wrong pickup code")
      guard body.code.count == 6, body.code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        throw AppError.badRequest("a pickup code is six digits", field: "code")
      }
      guard
        let order = try await services.storage.pickUp(
          code: body.code, storeID: storeID, now: Date())
      else {
        _ = services.pickupLimiter.take(key)
        throw AppError(
          .notFound, "no order waiting here has this code, or it expired", field: "code")
      }
      return order
    }
    router.post("print/shop/top-ups") { request, context -> EditedResponse<CreditEntry> in
      let user = try context.requireUser()
      _ = try await staffStore(context)
      var request = request
      let body = try await request.decodeStrictly(
        TopUpRequest.self, within: services.configuration.requestBodyTimeout)
      guard let student = try await services.storage.account(named: body.username) else {
        throw AppError(
          .notFound, "no one is called \(body.username.prefix(40))", field: "username")
      }
      let entry = try await services.storage.topUp(
        accountID: student.user.id, amount: body.amount, staffID: user.id, now: Date())
      return EditedResponse(status: .created, response: entry)
    }
  }

  /// The store the signed-in person works for.
  /// - Throws: ``AppError`` 401 signed out, 403 for anyone who is not staff.
  private func staffStore(_ context: AppRequestContext) async throws -> Int64 {
    let user = try context.requireUser()
    guard let storeID = try await services.storage.staffStoreID(accountID: user.id) else {
      throw AppError(.forbidden, "only a print shop's staff may use its console")
    }
    return storeID
  }

  private func console(_ storeID: Int64, viewerID: Int64) async throws -> ShopConsole {
    let storage = services.storage
    guard let row = try await storage.printShopRows(ids: [storeID], viewerID: viewerID).first
    else { throw PrintErrors.storeNotFound }
    return ShopConsole(
      store: try PrintShops.shop(row, from: nil, now: Date()), isOpen: row.isOpen,
      queue: try await storage.storeOrders(storeID: storeID, active: true, limit: 200),
      closed: try await storage.storeOrders(storeID: storeID, active: false, limit: 50))
  }
}

extension ShopConsole: ResponseEncodable {}
extension CreditEntry: ResponseEncodable {}
