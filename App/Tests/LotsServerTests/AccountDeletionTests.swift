import Foundation
import HTTPTypes
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// `DELETE /api/me`: a person leaves, and everything they made goes with them, with the counts
/// of everyone else's posts exact, their name unavailable for 30 days, and the reports they
/// made kept for moderators without their name.
@Suite struct AccountDeletionTests {
  static func delete(
    _ client: any TestClientProtocol, password: String, token: String
  ) async throws -> TestResponse {
    try await client.send(.delete, "/api/me", json: #"{"password":"\#(password)"}"#, token: token)
  }

  @Test func leavingTakesEverythingTheyMadeAndLeavesOthersExact() async throws {
    try await TestApp.runWithServices { client, services in
      let moderator = try await client.signUp("mod")
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let hers = try await client.post(token: ana.token, caption: "hers")
      let his = try await client.post(token: bruno.token, caption: "his")
      // Her marks on his post; his on hers; a report she made.
      #expect(
        try await client.send(.put, "/api/posts/\(his.id)/like", token: ana.token).status == .ok)
      #expect(
        try await client.send(.put, "/api/posts/\(hers.id)/like", token: bruno.token).status == .ok
      )
      let comment = try await CommentTests.comment(client, his.id, "so good", token: ana.token)
      #expect(comment.status == .created)
      #expect(
        try await client.send(
          .post, "/api/posts/\(his.id)/reports", json: #"{"reason":"spam"}"#, token: ana.token
        ).status == .noContent)
      let want = try await ListRoutesTests.wantToTry(client, bruno.token)
      #expect(
        try await client.send(
          .post, "/api/lists/\(want.id)/entries", json: #"{"postId":\#(hers.id)}"#,
          token: bruno.token
        ).status == .created)
      _ = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Mine"}"#, token: ana.token)
      let before = try await services.storage.currentSequence()

      // A wrong password changes nothing.
      let wrong = try await Self.delete(client, password: "not-her-password", token: ana.token)
      #expect(wrong.status == .forbidden)
      #expect(try wrong.decode(ErrorBody.self).error.field == "password")
      #expect(try await client.send(.get, "/api/posts/\(hers.id)").status == .ok)
      let missing = try await client.send(.delete, "/api/me", json: "{}", token: ana.token)
      #expect(missing.status == .badRequest)
      #expect(
        try await client.send(.delete, "/api/me", json: #"{"password":"x"}"#).status
          == .unauthorized)

      let gone = try await Self.delete(client, password: "password1", token: ana.token)
      #expect(gone.status == .noContent, "\(gone.text)")
      #expect(gone.headers[.setCookie]?.contains("Max-Age=0") == true)
      // Her post, her session, her name.
      #expect(try await client.send(.get, "/api/posts/\(hers.id)").status == .notFound)
      #expect(try await client.send(.get, "/api/me", token: ana.token).status == .unauthorized)
      let signIn = try await client.send(
        .post, "/api/sessions", json: #"{"username":"ana","password":"password1"}"#)
      #expect(signIn.status == .unauthorized)
      for name in ["ana", "ANA"] {
        let taken = try await client.send(
          .post, "/api/accounts", json: #"{"username":"\#(name)","password":"password1"}"#)
        #expect(taken.status == .conflict)
        #expect(taken.text.contains("deleted recently"))
      }
      // His post: her like and comment are gone, the counts exact.
      let after = try await client.send(.get, "/api/posts/\(his.id)", token: bruno.token)
        .decode(Post.self)
      #expect(after.likeCount == 0 && after.commentCount == 0)
      let comments = try await CommentTests.page(client, his.id)
      #expect(comments.items.isEmpty)
      // His list no longer holds her post.
      let entries = try await client.send(.get, "/api/lists/\(want.id)", token: bruno.token)
        .decode(ListPage.self)
      #expect(entries.items.isEmpty && entries.list.entryCount == 0)
      // Her report stays for moderators, without her name.
      let queue = try await ModerationTests.queue(client, moderator.token)
      let reporters = queue.items.flatMap { $0.reports.map(\.reporter.username) }
      #expect(reporters.count == 1 && !reporters.contains("ana"))
      // Everyone's streams hear it: the like withdrawn, the comment deleted, the post deleted.
      let changes = try await services.storage.changes(after: before, limit: 100)
      #expect(changes.contains { $0.kind == .update && $0.postID == his.id })
      #expect(changes.contains { $0.kind == .uncomment && $0.postID == his.id })
      #expect(changes.contains { $0.kind == .delete && $0.postID == hers.id })
      // Her photos' files are gone; his stay.
      let images = try #require(services.images as? FileImageStore)
      for url in [hers.photo.originalURL, his.photo.originalURL] {
        let key = String(url.split(separator: "/").last ?? "")
        let exists = FileManager.default.fileExists(atPath: try images.fileURL(key).path)
        #expect(exists == (url == his.photo.originalURL), "\(url)")
      }
      // Deleting twice: the session is gone.
      #expect(
        try await Self.delete(client, password: "password1", token: ana.token).status
          == .unauthorized)
    }
  }

  @Test func leavingTakesPrintOrdersFilesAndCreditsAndTellsTheShop() async throws {
    try await TestApp.runWithServices { client, services in
      let (ana, _, store, college) = try await PrintRoutesTests.setUp(client, services)
      _ = try await client.send(
        .put, "/api/print/me/college", json: #"{"collegeId":\#(college)}"#, token: ana)
      let pdf = try await PrintRoutesTests.upload(
        client, Array(TestPDF.make(pages: 2)), token: ana)
      let file = try pdf.decode(PrintFile.self)
      let quote = try await client.send(
        .post, "/api/print/quote", json: PrintRoutesTests.orderBody(store: store, file: file.id),
        token: ana
      ).decode(PrintQuote.self)
      let paid = try await client.send(
        .post, "/api/print/orders",
        json: PrintRoutesTests.orderBody(store: store, file: file.id, token: quote.token),
        token: ana, headers: [HTTPField.Name("Idempotency-Key")!: "pay-1"])
      #expect(paid.status == .created, "\(paid.text)")
      let order = try paid.decode(PrintOrder.self)
      let me = try await client.send(.get, "/api/me", token: ana).decode(Me.self)
      let starred = try await client.send(
        .put, "/api/print/stores/\(store)/favourite", token: ana)
      #expect(starred.status.code < 300, "\(starred.text)")
      // Her data, as "Download my data" writes it, holds all of Booster's: the order, the
      // file, every credit movement, her college and her starred store.
      let exported = Dictionary(
        uniqueKeysWithValues: try await services.storage.personalData(userID: me.id))
      #expect(exported["printOrders"]?.map { $0["id"] } == [.integer(order.id)])
      #expect(exported["printFiles"]?.map { $0["name"] } == [.text("notes.pdf")])
      #expect(exported["credits"]?.map { $0["kind"] } == [.text("topUp"), .text("charge")])
      #expect(exported["printProfile"]?.first?["college"] == .text("Humboldt-Universität"))
      #expect(exported["printFavourites"]?.map { $0["storeId"] } == [.integer(store)])
      let folder = services.printFiles.directory.path
      let stored = try FileManager.default.contentsOfDirectory(atPath: folder)
      #expect(stored.count == 1)
      let before = try await services.storage.currentSequence()
      #expect(
        try await Self.delete(client, password: "password1", token: ana).status == .noContent)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
      let changes = try await services.storage.changes(after: before, limit: 100)
      #expect(changes.contains { $0.kind == .printQueue && $0.postID == order.id })
      let ledger = try await services.storage.personalData(userID: me.id)
      let gone = ["printOrders", "printFiles", "credits", "printProfile", "printFavourites"]
      for (name, rows) in ledger where gone.contains(name) {
        #expect(rows.isEmpty, "\(name)")
      }
    }
  }

  /// The person's open streams end with their account, on every device, and nobody else's:
  /// a stream never goes on telling a departed account's browser anything.
  @Test func leavingEndsTheirOpenStreamsAndNoOneElses() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let phone = try await api.signUp("ana")
      let laptop = try await api.signIn("ana")
      let bruno = try await api.signUp("bruno")
      let post = try await api.post(token: phone.token, caption: "Soon gone")
      let deleted = { @Sendable (event: RawHTTPClient.Event) -> Bool in
        let change = try? JSONCoding.decoder().decode(
          ChangeEvent.self, from: Data(event.data.utf8))
        return change?.kind == .delete && change?.postID == post.id
      }
      // Bruno's stream goes on after Ana leaves, and sees her post go (the clients' hang
      // guards are 300 s: a stream that never ends fails the test then).
      let brunos = try await RawHTTPClient(port: port).events(
        "/api/stream", headers: ["Authorization": "Bearer \(bruno.token)"],
        during: {
          // The laptop's stream ends when the phone deletes the account.
          _ = try await api.streamEvents(token: laptop.token) {
            let gone = try await api.send(
              .delete, "/api/me", json: #"{"password":"password1"}"#, token: phone.token)
            #expect(gone.status == .noContent, "\(gone)")
          }
        }
      ) { events in events.contains(where: deleted) }
      #expect(brunos.contains(where: deleted))
      for token in [phone.token, laptop.token] {
        #expect(try await api.send(.get, "/api/me", token: token).status == .unauthorized)
      }
    }
  }
}
