import Foundation
import HTTPTypes
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

extension OpenAPIConformanceTests {
  /// Booster's routes, successes and errors, each body checked against the document.
  @Test func printResponsesMatchTheDocument() async throws {
    try await TestApp.runWithServices { client, services in
      let check = try DocumentCheck()
      let (ana, clerk, store, college) = try await PrintRoutesTests.setUp(client, services)
      try check(
        "/api/print/colleges", try await client.send(.get, "/api/print/colleges?q=hum"), .get)
      try check("/api/print/map", try await client.send(.get, "/api/print/map"), .get)
      try check("/api/print/me", try await client.send(.get, "/api/print/me", token: ana), .get)
      try check("/api/print/me", try await client.send(.get, "/api/print/me"), .get)
      for body in [#"{"collegeId":\#(college)}"#, #"{"collegeId":999}"#, #"{"college":1}"#] {
        try check(
          "/api/print/me/college",
          try await client.send(.put, "/api/print/me/college", json: body, token: ana), .put)
      }
      try check(
        "/api/print/stores", try await client.send(.get, "/api/print/stores", token: ana), .get)
      try check("/api/print/stores", try await client.send(.get, "/api/print/stores"), .get)
      for id in [store, 999] {
        try check(
          "/api/print/stores/{id}", try await client.send(.get, "/api/print/stores/\(id)"), .get)
        for method in [HTTPRequest.Method.put, .delete] {
          try check(
            "/api/print/stores/{id}/favourite",
            try await client.send(method, "/api/print/stores/\(id)/favourite", token: ana),
            method)
        }
      }
      let uploaded = try await PrintRoutesTests.upload(
        client, Array(TestPDF.make(pages: 3)), token: ana)
      try check("/api/print/files", uploaded, .post)
      try check(
        "/api/print/files",
        try await PrintRoutesTests.upload(client, Array(TestPDF.damaged()[0]), token: ana), .post)
      let file = try uploaded.decode(PrintFile.self)
      try check(
        "/api/print/files/{file}",
        try await client.send(.get, "/api/print/files/\(file.id + 1)", token: ana), .get)
      let body = PrintRoutesTests.orderBody(store: store, file: file.id)
      let quoted = try await client.send(.post, "/api/print/quote", json: body, token: ana)
      try check("/api/print/quote", quoted, .post)
      try check(
        "/api/print/quote",
        try await client.send(
          .post, "/api/print/quote", json: body.replacingOccurrences(of: "A4", with: "Letter"),
          token: ana), .post)
      let token = try quoted.decode(PrintQuote.self).token
      let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "k"]
      let paid = try await client.send(
        .post, "/api/print/orders",
        json: PrintRoutesTests.orderBody(store: store, file: file.id, token: token), token: ana,
        headers: key)
      try check("/api/print/orders", paid, .post)
      try check(
        "/api/print/orders",
        try await client.send(.post, "/api/print/orders", json: body, token: ana), .post)
      let order = try paid.decode(PrintOrder.self)
      try check(
        "/api/print/orders", try await client.send(.get, "/api/print/orders", token: ana), .get)
      for id in [order.id, 999] {
        try check(
          "/api/print/orders/{order}",
          try await client.send(.get, "/api/print/orders/\(id)", token: ana), .get)
      }
      try check(
        "/api/print/credits", try await client.send(.get, "/api/print/credits", token: ana), .get)
      try check(
        "/api/print/shop", try await client.send(.get, "/api/print/shop", token: ana), .get)
      try check(
        "/api/print/shop", try await client.send(.get, "/api/print/shop", token: clerk), .get)
      try check(
        "/api/print/shop",
        try await client.send(
          .patch, "/api/print/shop", json: #"{"isOpen":true,"pagesPerMinute":0}"#, token: clerk),
        .patch)
      for action in ["start", "finish"] {
        try check(
          "/api/print/shop/orders/{order}/\(action)",
          try await client.send(
            .post, "/api/print/shop/orders/\(order.id)/\(action)", token: clerk),
          .post)
      }
      try check(
        "/api/print/shop/orders/{order}/refuse",
        try await client.send(
          .post, "/api/print/shop/orders/\(order.id)/refuse", json: #"{"reason":"jam"}"#,
          token: clerk), .post)
      try check(
        "/api/print/orders/{order}/cancel",
        try await client.send(.post, "/api/print/orders/\(order.id)/cancel", token: ana), .post)
      let code =
        try await client.send(.get, "/api/print/orders/\(order.id)", token: ana)
        .decode(PrintOrder.self).pickupCode ?? ""
      for pickup in [code, "000000"] {
        try check(
          "/api/print/shop/pickup",
          try await client.send(
            .post, "/api/print/shop/pickup", json: #"{"code":"\#(pickup)"}"#, token: clerk), .post)
      }
      for amount in [500, 0] {
        try check(
          "/api/print/shop/top-ups",
          try await client.send(
            .post, "/api/print/shop/top-ups", json: #"{"username":"ana","amount":\#(amount)}"#,
            token: clerk), .post)
      }
      #expect(check.count == 37)
    }
  }
}
