import Foundation
import HTTPTypes
import Hummingbird
import LotsCore

/// Booster's orders for students: files sent to print (`POST /api/print/files`, a form with
/// one `file`), a quote computed by the server, paying for it once (an `Idempotency-Key` is
/// required), one's orders, cancelling while ordered, and one's credits.
struct PrintOrderRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.post("print/files") { request, context -> EditedResponse<PrintFile> in
      let user = try context.requireUser()
      try services.printingLimiter.check(String(user.id), action: "print")
      let address = context.clientAddress(
        request, trusting: services.configuration.trustedProxies)
      let file = try await services.uploadsByAddress.holding(address) {
        try await services.uploadsByUser.holding(String(user.id)) {
          try await PrintUpload.read(request, accountID: user.id, services: services)
        }
      }
      return EditedResponse(status: .created, response: file)
    }
    router.get("print/files/:file") { _, context -> Response in
      let user = try context.requireUser()
      guard let id = context.parameters.get("file").flatMap(Int64.init), id > 0 else {
        throw AppError.notFound("file")
      }
      let staffOf = try await services.storage.staffStoreID(accountID: user.id)
      guard
        let found = try await services.storage.printFileForDownload(
          id: id, viewerID: user.id, staffOf: staffOf),
        let url = services.printFiles.url(of: found.path),
        let data = FileManager.default.contents(atPath: url.path)
      else { throw AppError.notFound("file") }
      return PrintUpload.download(data, name: found.name, kind: found.kind)
    }
    router.post("print/quote") { request, context -> PrintQuote in
      let user = try context.requireUser()
      let (quote, _) = try await quote(request, accountID: user.id)
      return quote
    }
    router.post("print/orders") { request, context -> EditedResponse<PrintOrder> in
      let user = try context.requireUser()
      guard let key = try PostRoutes.idempotencyKey(request) else {
        throw AppError.badRequest("paying needs an Idempotency-Key header")
      }
      try services.printingLimiter.check(String(user.id), action: "print")
      // A retry of a payment that was made answers that order, whatever changed since.
      if let made = try await services.storage.order(key: key, accountID: user.id) {
        return Self.placed(made, created: false)
      }
      let (quote, body) = try await quote(request, accountID: user.id)
      guard body.token == quote.token else {
        throw AppError(
          .conflict, "the price or the files changed since this quote: check the new one",
          field: "token")
      }
      let pages = quote.lines.reduce(0) { $0 + $1.pages * $1.options.copies }
      let (order, created) = try await services.storage.placeOrder(
        NewPrintOrder(
          accountID: user.id, quote: quote, pages: pages, key: key,
          fileIDs: quote.lines.map(\.fileID)),
        now: Date())
      return Self.placed(order, created: created)
    }
    router.get("print/orders") { request, context -> PrintOrders in
      let user = try context.requireUser()
      let active = request.uri.queryParameters.get("state") != "past"
      return PrintOrders(
        items: try await services.storage.orders(accountID: user.id, active: active, limit: 100))
    }
    router.get("print/orders/:order") { _, context -> PrintOrder in
      let user = try context.requireUser()
      guard
        let order = try await services.storage.order(
          id: try PrintRoutes.id(context, "order"), accountID: user.id)
      else { throw PrintErrors.orderNotFound }
      return order
    }
    router.post("print/orders/:order/cancel") { _, context -> PrintOrder in
      let user = try context.requireUser()
      return try await services.storage.cancelOrder(
        id: try PrintRoutes.id(context, "order"), accountID: user.id, now: Date())
    }
    router.get("print/credits") { _, context -> Credits in
      let user = try context.requireUser()
      let (balance, entries) = try await services.storage.credits(accountID: user.id, limit: 500)
      return Credits(balance: balance, items: entries)
    }
  }

  /// An order just placed (201) or found again for its key (201, marked as a replay).
  private static func placed(_ order: PrintOrder, created: Bool) -> EditedResponse<PrintOrder> {
    EditedResponse(
      status: .created,
      headers: created ? [:] : [HTTPField.Name("Idempotent-Replayed")!: "true"], response: order)
  }

  /// The quote a body asks for, priced from the student's unordered files and the store's
  /// price list.
  /// - Throws: ``AppError`` 404 for a store that does not exist, 409 when it is closed, 400
  ///   for no files, too many or the same twice, 409 for a file that is ordered already or
  ///   gone, and what pricing refuses.
  private func quote(_ request: Request, accountID: Int64) async throws
    -> (PrintQuote, PrintOrderRequest)
  {
    var request = request
    let body = try await request.decodeStrictly(
      PrintOrderRequest.self, within: services.configuration.requestBodyTimeout)
    guard !body.files.isEmpty else {
      throw AppError.badRequest("send at least one file", field: "files")
    }
    guard body.files.count <= PrintLimits.orderFiles else {
      throw AppError.badRequest(
        "an order has at most \(PrintLimits.orderFiles) files", field: "files")
    }
    let ids = body.files.map(\.fileID)
    guard Set(ids).count == ids.count else {
      throw AppError.badRequest("a file appears twice: give it more copies", field: "files")
    }
    guard let store = try await services.storage.printStoreSettings(id: body.storeID) else {
      throw PrintErrors.storeNotFound
    }
    guard store.isOpen else {
      throw AppError(.conflict, "this store is not taking orders now", field: "storeId")
    }
    let found = try await services.storage.unorderedPrintFiles(ids: ids, accountID: accountID)
    let byID = Dictionary(uniqueKeysWithValues: found.map { ($0.id, $0) })
    var files: [(file: PricedFile, options: PrintOptions)] = []
    for (index, entry) in body.files.enumerated() {
      guard let file = byID[entry.fileID] else {
        var error = PrintErrors.fileGone
        error.index = index + 1
        throw error
      }
      files.append((file, entry.options))
    }
    let quote = try PrintPricing.quote(
      storeID: store.id, prices: store.prices, priceVersion: store.priceVersion, files: files,
      binding: body.binding)
    return (quote, body)
  }
}

extension PrintFile: ResponseEncodable {}
extension PrintQuote: ResponseEncodable {}
extension PrintOrder: ResponseEncodable {}
extension PrintOrders: ResponseEncodable {}
extension Credits: ResponseEncodable {}
