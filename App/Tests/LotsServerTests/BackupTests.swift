import Foundation
import HummingbirdTesting
import Logging
import LotsCore
import Testing

@testable import LotsServer

/// `lots backup` and `lots restore` on the backend the suites run on: what a restore brings
/// back, what it refuses, and the lock that keeps a backup's files from being deleted under it.
/// (scripts/server/restore_drill.py drills the commands under a write load.)
@Suite struct BackupTests {
  static func scratch() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "lots-backup-\(UUID().uuidString)")
  }

  /// Runs `body` on a server's services with three posts (one deleted) and a backup of them.
  func withBackup(
    _ body: @escaping @Sendable (AppServices, URL, Backup.Report, [Post]) async throws -> Void
  ) async throws {
    try await TestApp.runWithServices { client, services in
      let ana = try await client.signUp("ana")
      var posts: [Post] = []
      for caption in ["one", "two", "three"] {
        posts.append(try await client.post(token: ana.token, caption: caption))
      }
      let gone = try await client.send(.delete, "/api/posts/\(posts[1].id)", token: ana.token)
      #expect(gone.status == .noContent)
      let folder = Self.scratch()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let report = try await Backup.take(
        services.configuration, into: folder.appendingPathComponent("backup"),
        logger: Logger(label: "test"))
      try await body(services, folder, report, posts)
    }
  }

  /// Restores `backup` into a new data directory (and database) and runs `body` on services
  /// over it.
  func restored(
    _ backup: URL, into data: URL, _ body: (AppServices) async throws -> Void
  ) async throws {
    var configuration = TestApp.configuration()
    configuration.dataDirectory = data
    func run(_ databaseURL: String?) async throws {
      configuration.databaseURL = databaseURL
      _ = try await Restore.run(
        from: backup, dataDirectory: data, databaseURL: databaseURL, logger: Logger(label: "t"))
      try await withServices(configuration, logger: Logger(label: "test"), body)
    }
    if StoreBackend.server == .postgres {
      try await StoreBackend.withPostgresDatabase { try await run($0.text) }
    } else {
      try await run(nil)
    }
  }

  @Test func aRestoreBringsBackEveryPostAndPhotoAndMovesTheStreamOn() async throws {
    try await withBackup { services, folder, report, posts in
      let manifest = report.manifest
      #expect(manifest.posts == 2)
      #expect(report.missing.isEmpty)
      let images = manifest.files.filter { $0.path.hasPrefix("images/") }
      // An original, and a display and thumbnail where smaller: at least one per post.
      #expect(images.count >= 2)
      for file in images {
        #expect(
          file.path.hasSuffix(file.sha256 + "." + (file.path.split(separator: ".").last ?? "")))
      }
      let before = try await services.storage.currentSequence()
      #expect(manifest.changeSequence == before)
      let data = folder.appendingPathComponent("restored")
      try await restored(folder.appendingPathComponent("backup"), into: data) { restored in
        for (index, post) in posts.enumerated() {
          let back = try await restored.storage.post(id: post.id, viewerID: nil)
          #expect(back?.caption == (index == 1 ? nil : post.caption))
        }
        let keys = images.map { String($0.path.split(separator: "/").last ?? "") }
        #expect(try await restored.storage.referencedImageKeys(keys) == Set(keys))
        for key in keys {
          let found = try await restored.images.open(key: key)
          #expect(found != nil, "\(key)")
        }
        let after = try await restored.storage.currentSequence()
        #expect(after == before + BackupSnapshot.restoreGap)
        #expect(restored.hub.lastLoaded == after)
      }
      let mode = try FileManager.default.attributesOfItem(atPath: data.path)[.posixPermissions]
      #expect(mode as? Int == 0o700)
    }
  }

  @Test func aRestoreRefusesADamagedOrIncompleteBackupAndATargetInUse() async throws {
    try await withBackup { _, folder, report, _ in
      let backup = folder.appendingPathComponent("backup")
      let target = folder.appendingPathComponent("data")
      func refusal(_ from: URL, into: URL? = nil) async -> String {
        do {
          _ = try await Restore.run(
            from: from, dataDirectory: into ?? target,
            databaseURL: report.manifest.backend == "postgresql"
              ? "postgres://nobody@127.0.0.1:1/never" : nil,
            logger: Logger(label: "t"))
          return "restored"
        } catch {
          return "\(error)"
        }
      }
      func copy() throws -> URL {
        let other = folder.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: backup, to: other)
        return other
      }
      let image = try #require(report.manifest.files.first { $0.path.hasPrefix("images/") })
      // A byte flipped in one photo.
      let damaged = try copy()
      let file = damaged.appendingPathComponent(image.path)
      var bytes = try Data(contentsOf: file)
      bytes[bytes.count / 2] ^= 0xFF
      try bytes.write(to: file)
      #expect(await refusal(damaged).contains("\(image.path) does not match its checksum"))
      // One photo gone.
      let incomplete = try copy()
      try FileManager.default.removeItem(at: incomplete.appendingPathComponent(image.path))
      #expect(await refusal(incomplete).contains("\(image.path) is missing"))
      // The database cut short.
      let database = report.manifest.files[0].path
      let truncated = try copy()
      let handle = try FileHandle(forWritingTo: truncated.appendingPathComponent(database))
      try handle.truncate(atOffset: 1000)
      try handle.close()
      #expect(await refusal(truncated).contains("\(database) has 1000 bytes where"))
      // No manifest; a manifest that climbs out of the backup.
      let bare = try copy()
      try FileManager.default.removeItem(at: bare.appendingPathComponent("manifest.json"))
      #expect(await refusal(bare).contains("is not a LOTs backup"))
      let climbing = try copy()
      var manifest = report.manifest
      manifest.files.append(
        .init(path: "images/../../../etc/passwd", bytes: 1, sha256: image.sha256))
      try manifest.encoded().write(to: climbing.appendingPathComponent("manifest.json"))
      #expect(await refusal(climbing).contains("names a file it may not"))
      #expect(!FileManager.default.fileExists(atPath: target.path), "nothing was restored")
      // A target with something in it stays as it was.
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      try Data("mine".utf8).write(to: target.appendingPathComponent("notes.txt"))
      #expect(await refusal(backup).contains("is not empty"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["notes.txt"])
      // No leftovers beside them.
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(!left.contains { $0.hasPrefix(".") }, "\(left)")
    }
  }

  @Test func aBackupIntoADirectoryThatExistsIsRefused() async throws {
    try await withBackup { services, folder, _, _ in
      let existing = folder.appendingPathComponent("backup")
      await #expect(throws: OperatorError.self) {
        try await Backup.take(services.configuration, into: existing, logger: Logger(label: "t"))
      }
      let nowhere = folder.appendingPathComponent("no/such/parent")
      await #expect(throws: OperatorError.self) {
        try await Backup.take(services.configuration, into: nowhere, logger: Logger(label: "t"))
      }
    }
  }

  /// A post deleted while a backup runs keeps its files until the backup ends; the next sweep
  /// removes them.
  @Test func aFileIsNotDeletedWhileABackupHoldsTheLock() throws {
    let data = Self.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let store = try FileImageStore(directory: data.appendingPathComponent("images"))
    let key = try store.put([1, 2, 3], fileExtension: "jpg")
    let lock = BackupLock(dataDirectory: data)
    let held = try lock.holdShared()
    try store.remove(key: key)
    #expect(FileManager.default.fileExists(atPath: try store.fileURL(key).path))
    close(held)
    try store.remove(key: key)
    #expect(!FileManager.default.fileExists(atPath: try store.fileURL(key).path))
  }

  @Test(arguments: [
    ("lots.sqlite", true), ("database.pgdump", true), ("images/ab/abc.jpg", true),
    ("print-files/0a.pdf", true), ("../lots.sqlite", false), ("/etc/passwd", false),
    ("images/ab/../x", false), ("images/abc/x.jpg", false), ("images/ab/.hidden", false),
    ("print-files/a/b", false), ("other.db", false), ("images//x.jpg", false),
  ])
  func aManifestNamesOnlyPathsInsideTheBackup(path: String, safe: Bool) {
    #expect(BackupManifest.isSafe(path) == safe)
  }
}
