import Crypto
import Foundation
import Hummingbird
import Logging
import LotsCore
import NIOPosix
import ZIPFoundation

/// "Download my data": the archive of everything a person has. `lots-data.json` holds their
/// tables (``PersonalData``), and `photos/` the originals of their posts' photos, named
/// `POSTID-N.EXT` (N counts the post's photos from 1). It is built in the background on a
/// pool thread, into the data directory's `exports` (shared by every instance), kept for
/// ``DataExportRules/lifetime``, and served to its owner only.
enum DataArchive {
  /// Starts building the archive of `user` and records how it ended.
  static func buildInBackground(for user: User, services: AppServices) {
    let logger = Logger(label: "lots.export")
    Task {
      let result: DataExport.Result
      do {
        result = try await build(for: user, services: services)
      } catch {
        logger.warning("could not build the data archive of account \(user.id): \(error)")
        result = .failed
      }
      do {
        let replaced = try await services.storage.finishDataExport(
          userID: user.id, result: result, now: Date())
        if let replaced { remove(replaced, in: services.configuration.dataDirectory) }
      } catch {
        logger.warning("could not record the data archive of account \(user.id): \(error)")
        if case .ready(let file, _, _) = result {
          remove(file, in: services.configuration.dataDirectory)
        }
      }
    }
  }

  /// Builds the archive of `user`.
  /// - Complexity: O(their data and photos), streamed file by file.
  static func build(for user: User, services: AppServices) async throws -> DataExport.Result {
    let tables = try await services.storage.personalData(userID: user.id)
    let folder = directory(in: services.configuration.dataDirectory)
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let name = randomName()
    let url = folder.appendingPathComponent(name)
    let photos = self.photos(in: tables, images: services.images as? FileImageStore)
    let json = try document(tables, user: user)
    do {
      try await NIOThreadPool.singleton.runIfActive {
        try write(json: json, photos: photos, to: url)
      }
    } catch {
      try? FileManager.default.removeItem(at: url)
      throw error
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    return .ready(
      file: name, bytes: bytes ?? 0, expiresAt: Date().addingTimeInterval(DataExportRules.lifetime)
    )
  }

  /// The archive's JSON: the tables in order, with when it was made.
  static func document(_ tables: [(String, [[String: PersonalValue]])], user: User) throws -> Data
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var text = "{\n\"format\": 1,\n\"exportedAt\": \"\(ISO8601.string(from: Date()))\",\n"
    text += "\"about\": \"Everything LOTs keeps of @\(user.username). Times are milliseconds "
    text += "since 1970 (UTC); photos/ holds the originals of your posts' photos.\""
    for (name, rows) in tables {
      let readable = name == "posts" ? rows.map(readablePhotos) : rows
      text += ",\n\"\(name)\": " + String(decoding: try encoder.encode(readable), as: UTF8.self)
    }
    return Data((text + "\n}\n").utf8)
  }

  /// A post's row with the archive entry of its photo's original (`file`), and its further
  /// photos as a list (the column keeps them as JSON text, which the archive would show as one
  /// opaque string), each with its description, size, colour and archive entry.
  static func readablePhotos(_ post: [String: PersonalValue]) -> [String: PersonalValue] {
    guard case .integer(let id) = post["id"] else { return post }
    var readable = post
    if case .text(let key) = post["originalKey"] {
      readable["file"] = .text(entryName(post: id, index: 0, key: key))
    }
    guard case .text(let column) = post["morePhotos"] else { return readable }
    readable["morePhotos"] = .rows(
      StoredPhoto.photos(column: column).enumerated().map { index, photo in
        [
          "description": .text(photo.description), "width": .integer(Int64(photo.width)),
          "height": .integer(Int64(photo.height)), "color": .text(photo.color),
          "file": .text(entryName(post: id, index: index + 1, key: photo.originalKey)),
        ]
      })
    return readable
  }

  /// The archive entry of a post's photo number `index` (0 is the first).
  static func entryName(post id: Int64, index: Int, key: String) -> String {
    let ext = key.split(separator: ".").last.map(String.init) ?? "jpg"
    return "photos/\(id)-\(index + 1).\(ext)"
  }

  /// The archive's photo entries, `(entry name, file)`: each post's photos' originals.
  static func photos(in tables: [(String, [[String: PersonalValue]])], images: FileImageStore?)
    -> [(String, URL)]
  {
    guard let images, let posts = tables.first(where: { $0.0 == "posts" })?.1 else { return [] }
    var entries: [(String, URL)] = []
    for post in posts {
      guard case .integer(let id) = post["id"], case .text(let first) = post["originalKey"]
      else { continue }
      var keys = [first]
      if case .text(let more) = post["morePhotos"] {
        keys += StoredPhoto.photos(column: more).map(\.originalKey)
      }
      for (index, key) in keys.enumerated() {
        guard let url = try? images.fileURL(key) else { continue }
        entries.append((entryName(post: id, index: index, key: key), url))
      }
    }
    return entries
  }

  /// Writes the zip: the JSON deflated, the photos stored as they are (already compressed).
  static func write(json: Data, photos: [(String, URL)], to url: URL) throws {
    let archive = try Archive(url: url, accessMode: .create)
    try archive.addEntry(
      with: "lots-data.json", type: .file, uncompressedSize: Int64(json.count),
      compressionMethod: .deflate
    ) { position, size in
      json.subdata(in: Int(position)..<Int(position) + size)
    }
    for (entry, file) in photos where FileManager.default.fileExists(atPath: file.path) {
      try archive.addEntry(with: entry, fileURL: file, compressionMethod: .none)
    }
  }

  /// The downloaded archive: `lots-USERNAME-DATE.zip`, streamed from its file.
  static func response(
    _ url: URL, for user: User, request: Request, context: some RequestContext
  ) async throws -> Response {
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    let body = try await FileIO().loadFile(path: url.path, context: context)
    let day = String(ISO8601.string(from: Date()).prefix(10))
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/zip", .contentLength: String(size ?? 0),
        .contentDisposition: "attachment; filename=\"lots-\(user.username)-\(day).zip\"",
      ], body: body)
  }

  /// The data directory's folder of archives.
  static func directory(in data: URL) -> URL { data.appendingPathComponent("exports") }

  /// Where a stored archive is (nil for a name this module never makes).
  static func url(of file: String, in data: URL) -> URL? {
    let parts = file.split(separator: ".")
    guard parts.count == 2, parts[1] == "zip", parts[0].utf8.count == 64,
      parts[0].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else { return nil }
    return directory(in: data).appendingPathComponent(file)
  }

  /// Removes a stored archive (nothing when it is gone, or not one of ours).
  static func remove(_ file: String, in data: URL) {
    guard let url = url(of: file, in: data) else { return }
    try? FileManager.default.removeItem(at: url)
  }

  /// A new archive's name: 64 random hex digits, so that no one guesses another's.
  static func randomName() -> String {
    SHA256.hash(data: (0..<32).map { _ in UInt8.random(in: 0...255) }).hex + ".zip"
  }
}
