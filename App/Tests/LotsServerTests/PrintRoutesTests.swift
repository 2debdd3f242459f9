import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import NIOCore
import PostgresNIO
import Testing

@testable import LotsServer

/// Booster over HTTP on the server's backend: a student finds a store, sends files, is quoted,
/// pays once, and the shop prints and hands the order over by its code; every wrong step is a
/// clear 4xx that changes nothing.
@Suite struct PrintRoutesTests {
  /// A college, an open store near it, its staff member `clerk` and a student `ana` with
  /// 10.00 of credits.
  static func setUp(_ client: any TestClientProtocol, _ services: AppServices) async throws
    -> (ana: String, clerk: String, store: Int64, college: Int64)
  {
    let ana = try await client.signUp("ana")
    let clerk = try await client.signUp("clerk")
    let storage = services.storage
    let college = try await storage.addCollege(
      name: "Humboldt-Universität", latitude: 52.5180, longitude: 13.3934)
    let store = try await storage.addPrintStore(PrintStoreTests.store("Copy", 52.5196, 13.3889))
    try await storage.setStaff(accountID: clerk.user.id, storeID: store)
    _ = try await storage.topUp(
      accountID: ana.user.id, amount: 1_000, staffID: clerk.user.id, now: Date())
    return (ana.token, clerk.token, store, college)
  }

  /// Sends a file as the form's one part.
  static func upload(
    _ client: any TestClientProtocol, _ bytes: [UInt8], name: String = "notes.pdf",
    token: String, field: String = "file"
  ) async throws -> TestResponse {
    let body = Multipart.body(parts: [(name: field, bytes: bytes, filename: name)])
    return try await client.execute(
      uri: "/api/print/files", method: .post,
      headers: [
        .contentType: "multipart/form-data; boundary=\(Multipart.boundary)",
        .authorization: "Bearer \(token)",
      ], body: body)
  }

  static func orderBody(store: Int64, file: Int64, token: String? = nil) -> String {
    let paid = token.map { #","token":"\#($0)""# } ?? ""
    return """
      {"storeId":\(store),"files":[{"fileId":\(file),"copies":2,"colour":"blackAndWhite",\
      "sides":"two","paper":"A4"}],"binding":"staple"\(paid)}
      """
  }

  @Test func aStudentOrdersAndTheShopHandsItOver() async throws {
    try await TestApp.runWithServices { client, services in
      let (ana, clerk, store, college) = try await Self.setUp(client, services)
      let bruno = try await client.signUp("bruno").token
      // The college, then the stores near it.
      let chosen = try await client.send(
        .put, "/api/print/me/college", json: #"{"collegeId":\#(college)}"#, token: ana)
      #expect(try chosen.decode(PrintProfile.self).balance == 1_000)
      let near = try await client.send(.get, "/api/print/stores", token: ana)
      let shops = try near.decode(NearbyShops.self)
      #expect(shops.items.map(\.id) == [store])
      #expect((330...370).contains(shops.items[0].distance ?? 0))
      // A 3-page PDF and a photo.
      let pdf = try await Self.upload(client, Array(TestPDF.make(pages: 3)), token: ana)
      #expect(pdf.status == .created, "\(pdf.text)")
      let file = try pdf.decode(PrintFile.self)
      #expect(file.pages == 3 && file.kind == .pdf && file.name == "notes.pdf")
      let photo = try await Self.upload(
        client, try SyntheticPhoto.make(width: 64, height: 48), name: "lunch.jpg", token: ana)
      #expect(try photo.decode(PrintFile.self).pages == 1)
      // The quote: 3 pages two-sided are 2 sheets a copy, 2 copies, 15 a sheet, 50 to staple.
      let quoted = try await client.send(
        .post, "/api/print/quote", json: Self.orderBody(store: store, file: file.id), token: ana)
      #expect(quoted.status == .ok, "\(quoted.text)")
      let quote = try quoted.decode(PrintQuote.self)
      #expect(quote.lines[0].sheets == 4 && quote.total == 4 * 15 + 50)
      // Paying needs a key, and the quote's own token.
      let keyless = try await client.send(
        .post, "/api/print/orders",
        json: Self.orderBody(store: store, file: file.id, token: quote.token), token: ana)
      #expect(keyless.status == .badRequest)
      let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "pay-1"]
      let stale = try await client.send(
        .post, "/api/print/orders",
        json: Self.orderBody(
          store: store, file: file.id, token: String(repeating: "0", count: 64)),
        token: ana, headers: key)
      #expect(stale.status == .conflict)
      #expect(try stale.decode(ErrorBody.self).error.field == "token")
      let paid = try await client.send(
        .post, "/api/print/orders",
        json: Self.orderBody(store: store, file: file.id, token: quote.token), token: ana,
        headers: key)
      #expect(paid.status == .created, "\(paid.text)")
      let order = try paid.decode(PrintOrder.self)
      #expect(order.state == .ordered && order.quote.total == quote.total && order.pages == 6)
      let again = try await client.send(
        .post, "/api/print/orders",
        json: Self.orderBody(store: store, file: file.id, token: quote.token), token: ana,
        headers: key)
      #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
      #expect(try again.decode(PrintOrder.self).id == order.id)
      let credits = try await client.send(.get, "/api/print/credits", token: ana)
      #expect(try credits.decode(Credits.self).balance == 1_000 - quote.total)
      // The same file cannot be ordered twice.
      let twice = try await client.send(
        .post, "/api/print/quote", json: Self.orderBody(store: store, file: file.id), token: ana)
      #expect(twice.status == .conflict)
      // The file: its student and the store's staff only (not another store's).
      let other = try await client.signUp("otherclerk")
      let otherStore = try await services.storage.addPrintStore(
        PrintStoreTests.store("Other Copy", 52.5200, 13.3900))
      try await services.storage.setStaff(accountID: other.user.id, storeID: otherStore)
      for (token, status) in [
        (ana, HTTPResponse.Status.ok), (clerk, .ok), (bruno, .notFound), (other.token, .notFound),
      ] {
        let download = try await client.send(.get, "/api/print/files/\(file.id)", token: token)
        #expect(download.status == status)
        if status == .ok { #expect(download.body.readableBytes == TestPDF.make(pages: 3).count) }
      }
      // The console is the staff's alone.
      #expect(try await client.send(.get, "/api/print/shop", token: ana).status == .forbidden)
      let console = try await client.send(.get, "/api/print/shop", token: clerk)
      #expect(try console.decode(ShopConsole.self).queue.map(\.id) == [order.id])
      for action in ["start", "finish"] {
        let moved = try await client.send(
          .post, "/api/print/shop/orders/\(order.id)/\(action)", token: clerk)
        #expect(moved.status == .ok, "\(action): \(moved.text)")
      }
      #expect(
        try await client.send(.post, "/api/print/orders/\(order.id)/cancel", token: ana).status
          == .conflict)
      let done = try await client.send(.get, "/api/print/orders/\(order.id)", token: ana)
      let code = try #require(try done.decode(PrintOrder.self).pickupCode)
      #expect(
        try await client.send(.get, "/api/print/orders/\(order.id)", token: bruno).status
          == .notFound)
      let wrong = try await client.send(
        .post, "/api/print/shop/pickup", json: #"{"code":"12345x"}"#, token: clerk)
      #expect(wrong.status == .badRequest)
      let handed = try await client.send(
        .post, "/api/print/shop/pickup", json: #"{"code":"\#(code)"}"#, token: clerk)
      #expect(try handed.decode(PrintOrder.self).state == .pickedUp)
      // A cash top-up is recorded with who took it.
      let topUp = try await client.send(
        .post, "/api/print/shop/top-ups", json: #"{"username":"ana","amount":500}"#,
        token: clerk)
      #expect(try topUp.decode(CreditEntry.self).by == "clerk")
      let nobody = try await client.send(
        .post, "/api/print/shop/top-ups", json: #"{"username":"zed","amount":500}"#,
        token: clerk)
      #expect(nobody.status == .notFound)
    }
  }

  /// A quote is tied to the store's price list: once the list changes (its version moves on,
  /// as any change of prices must), paying with the old quote is refused and charges nothing;
  /// the new quote is the new price.
  @Test func aQuoteIsStaleOnceThePriceListChanges() async throws {
    try await TestApp.runWithServices { client, services in
      let (ana, _, store, _) = try await Self.setUp(client, services)
      let file = try await Self.upload(client, Array(TestPDF.make(pages: 3)), token: ana)
        .decode(PrintFile.self)
      let body = Self.orderBody(store: store, file: file.id)
      let old = try await client.send(.post, "/api/print/quote", json: body, token: ana)
        .decode(PrintQuote.self)
      // The shop doubles its price per sheet.
      let prices = try JSONCoding.shared.encode(DemoSeeder.prices(base: 20))
      let change = """
        UPDATE printStore SET prices = '\(String(decoding: prices, as: UTF8.self))',
          priceVersion = priceVersion + 1 WHERE id = \(store)
        """
      if let sqlite = services.storage as? SQLiteStorage {
        try await sqlite.writer.write { db in try db.execute(sql: change) }
      } else if let postgres = services.storage as? PostgresStorage {
        _ = try await postgres.query(PostgresQuery(unsafeSQL: change))
      }
      let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "pay-old"]
      let stale = try await client.send(
        .post, "/api/print/orders",
        json: Self.orderBody(store: store, file: file.id, token: old.token), token: ana,
        headers: key)
      #expect(stale.status == .conflict, "\(stale.text)")
      #expect(try stale.decode(ErrorBody.self).error.field == "token")
      let credits = try await client.send(.get, "/api/print/credits", token: ana)
      #expect(try credits.decode(Credits.self).balance == 1_000, "nothing charged")
      let new = try await client.send(.post, "/api/print/quote", json: body, token: ana)
        .decode(PrintQuote.self)
      #expect(new.token != old.token && new.total > old.total)
      let paid = try await client.send(
        .post, "/api/print/orders",
        json: Self.orderBody(store: store, file: file.id, token: new.token), token: ana,
        headers: [HTTPField.Name("Idempotency-Key")!: "pay-new"])
      #expect(paid.status == .created, "\(paid.text)")
      #expect(try paid.decode(PrintOrder.self).quote.total == new.total)
    }
  }

  @Test func badFilesAreRefusedBesideTheFieldAndLeaveNothing() async throws {
    try await TestApp.runWithServices { client, services in
      let (ana, _, _, _) = try await Self.setUp(client, services)
      let cases: [([UInt8], HTTPResponse.Status)] = [
        (Array(TestPDF.make(pages: 2, encrypted: true)), .unprocessableContent),
        (Array(TestPDF.damaged()[0]), .unprocessableContent),
        (Array(TestPDF.make(pages: 0)), .unprocessableContent),
        (Array("hello, not a file".utf8), .unsupportedMediaType),
        ([], .badRequest),
      ]
      for (bytes, status) in cases {
        let response = try await Self.upload(client, bytes, token: ana)
        #expect(response.status == status, "\(response.text)")
        #expect(try response.decode(ErrorBody.self).error.field == "file", "\(response.text)")
      }
      let field = try await Self.upload(
        client, Array(TestPDF.make(pages: 1)), token: ana, field: "photo")
      #expect(field.status == .badRequest)
      // Bytes after the form's closing delimiter count toward the body's bound: a good file
      // with a flood behind it is 413, and its file is not kept.
      var flooded = Multipart.body(parts: [
        (name: "file", bytes: Array(TestPDF.make(pages: 1)), filename: "a.pdf")
      ])
      flooded.writeRepeatingByte(0x20, count: PrintUpload.maximumBodyBytes)
      let flood = try await client.execute(
        uri: "/api/print/files", method: .post,
        headers: [
          .contentType: "multipart/form-data; boundary=\(Multipart.boundary)",
          .authorization: "Bearer \(ana)",
        ], body: flooded)
      #expect(flood.status == .contentTooLarge, "\(flood.text)")
      let signedOut = try await client.execute(
        uri: "/api/print/files", method: .post,
        headers: [.contentType: "multipart/form-data; boundary=\(Multipart.boundary)"],
        body: Multipart.body(parts: [(name: "file", bytes: [1], filename: "a.pdf")]))
      #expect(signedOut.status == .unauthorized)
      let kept = try FileManager.default.contentsOfDirectory(
        atPath: services.printFiles.directory.path)
      #expect(kept.isEmpty, "\(kept)")
    }
  }

  @Test func wrongPickupCodesAreLimitedPerStore() async throws {
    let limited = ConfigurationChange.with {
      $0.rateLimits.pickupCodes = RateLimiter.Budget(burst: 3, perSecond: 0.001)
    }
    try await TestApp.runWithServices(limited) { client, services in
      let (_, clerk, _, _) = try await Self.setUp(client, services)
      var statuses: [HTTPResponse.Status] = []
      for _ in 0..<5 {
        let response = try await client.send(
          .post, "/api/print/shop/pickup", json: #"{"code":"000000"}"#, token: clerk)
        statuses.append(response.status)
      }
      #expect(statuses == [.notFound, .notFound, .notFound, .tooManyRequests, .tooManyRequests])
    }
  }
}
