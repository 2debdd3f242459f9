import Foundation
import HTTPTypes
import HummingbirdTesting
import LotsCore
import Testing
import ZIPFoundation

@testable import LotsServer

/// "Download my data": an archive of everything a person has, built in the background, for
/// them only, for a day.
@Suite struct DataExportTests {
  /// Waits (without a deadline of its own: a busy machine builds slowly) for the archive.
  static func ready(_ client: any TestClientProtocol, token: String) async throws
    -> DataExportStatus
  {
    for _ in 0..<6_000 {
      let status = try await client.send(.get, "/api/me/export", token: token)
        .decode(DataExportStatus.self)
      if status.state != .building { return status }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw AppError(.internalServerError, "the archive never finished")
  }

  @Test func theArchiveHoldsEverythingAndOnlyItsOwnerGetsIt() async throws {
    try await TestApp.runWithServices { client, services in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let first = try await client.post(token: ana.token, caption: "first")
      let second = try await client.post(token: ana.token, caption: "second")
      let several = try await client.createPost(
        token: ana.token, photos: try PostPhotosTests.photos(3),
        descriptions: ["the bowl", "", "the \"kimchi\""]
      ).decode(Post.self)
      let his = try await client.post(token: bruno.token, caption: "his")
      _ = try await client.send(.put, "/api/posts/\(his.id)/like", token: ana.token)
      _ = try await CommentTests.comment(client, his.id, "lovely", token: ana.token)
      let rude = try await CommentTests.comment(client, his.id, "rude", token: bruno.token)
        .decode(LotsCore.Comment.self)
      let reported = try await CommentModerationTests.report(
        client, rude.id, "spam", token: ana.token)
      #expect(reported.status.code < 300, "\(reported.text)")
      _ = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Later"}"#, token: ana.token)
      #expect(try await client.send(.get, "/api/me/export", token: ana.token).status == .noContent)
      #expect(try await client.send(.post, "/api/me/export").status == .unauthorized)

      let asked = try await client.send(.post, "/api/me/export", token: ana.token)
      #expect([.accepted, .ok].contains(asked.status), "\(asked.text)")
      let status = try await Self.ready(client, token: ana.token)
      #expect(status.state == .ready && status.url == "/api/me/export/archive")
      #expect((status.expiresAt ?? .distantPast) > Date().addingTimeInterval(23 * 3_600))
      // Asked again within the hour: the same archive, not another build.
      let again = try await client.send(.post, "/api/me/export", token: ana.token)
      #expect(again.status == .ok)
      #expect(try again.decode(DataExportStatus.self).readyAt == status.readyAt)

      let download = try await client.send(.get, "/api/me/export/archive", token: ana.token)
      #expect(download.status == .ok)
      #expect(download.headers[.contentType] == "application/zip")
      #expect(download.headers[.contentDisposition]?.contains("lots-ana-") == true)
      #expect(download.headers[.cacheControl] == "no-store")
      #expect(Int(download.headers[.contentLength] ?? "") == status.bytes)
      let archive = try Archive(data: Data(buffer: download.body), accessMode: .read)
      var json = Data()
      _ = try archive.extract(archive["lots-data.json"]!) { json.append($0) }
      let data = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
      let posts = try #require(data["posts"] as? [[String: Any]])
      #expect(posts.count == 3)
      let captions = Set(posts.compactMap { $0["caption"] as? String })
      #expect(captions.isSuperset(of: ["first", "second"]))
      // A post of several photos lists the further ones as values, each with its entry.
      let three = try #require(posts.first { ($0["id"] as? NSNumber)?.int64Value == several.id })
      let more = try #require(three["morePhotos"] as? [[String: Any]])
      #expect(more.compactMap { $0["description"] as? String } == ["", "the \"kimchi\""])
      #expect((three["file"] as? String)?.hasPrefix("photos/\(several.id)-1.") == true)
      for (index, photo) in more.enumerated() {
        let file = try #require(photo["file"] as? String)
        #expect(file.hasPrefix("photos/\(several.id)-\(index + 2)."))
        #expect(archive[file] != nil, "\(file) is not in the archive")
      }
      #expect((data["likes"] as? [[String: Any]])?.count == 1)
      #expect((data["comments"] as? [[String: Any]])?.first?["body"] as? String == "lovely")
      #expect(
        (data["lists"] as? [[String: Any]])?.contains { $0["name"] as? String == "Later" } == true)
      #expect((data["profile"] as? [[String: Any]])?.first?["username"] as? String == "ana")
      let reports = try #require(data["commentReports"] as? [[String: Any]])
      #expect(reports.map { $0["reason"] as? String } == ["spam"])
      // Each post's photo, byte for byte as uploaded.
      let images = try #require(services.images as? FileImageStore)
      for post in [first, second] {
        let entry = try #require(archive.first { $0.path.hasPrefix("photos/\(post.id)-1.") })
        var bytes = Data()
        _ = try archive.extract(entry) { bytes.append($0) }
        let key = String(post.photo.originalURL.split(separator: "/").last ?? "")
        #expect(bytes == (try Data(contentsOf: images.fileURL(key))))
      }
      #expect(!archive.contains { $0.path.contains("\(his.id)-") })
      // Someone else: nothing of hers.
      #expect(
        try await client.send(.get, "/api/me/export/archive", token: bruno.token).status
          == .notFound)
      #expect(
        try await client.send(.get, "/api/me/export", token: bruno.token).status == .noContent)

      // A day later the archive is gone, file and all.
      let folder = DataArchive.directory(in: services.configuration.dataDirectory).path
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
      let sweeper = ExportSweeper(services: services)
      #expect(try await sweeper.sweep(now: Date().addingTimeInterval(25 * 3_600)) == 1)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
      #expect(try await client.send(.get, "/api/me/export", token: ana.token).status == .noContent)
      #expect(
        try await client.send(.get, "/api/me/export/archive", token: ana.token).status
          == .notFound)
    }
  }

  /// Leaving takes the archive too.
  @Test func deletingTheAccountRemovesItsArchive() async throws {
    try await TestApp.runWithServices { client, services in
      let ana = try await client.signUp("ana")
      _ = try await client.post(token: ana.token)
      _ = try await client.send(.post, "/api/me/export", token: ana.token)
      #expect(try await Self.ready(client, token: ana.token).state == .ready)
      let folder = DataArchive.directory(in: services.configuration.dataDirectory).path
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
      #expect(
        try await AccountDeletionTests.delete(client, password: "password1", token: ana.token)
          .status == .noContent)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
  }
}
