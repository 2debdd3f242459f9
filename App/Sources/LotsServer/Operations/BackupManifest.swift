import Foundation

/// What a backup holds (`manifest.json`, written last): every file with its size and SHA-256,
/// and what the snapshot saw. A restore trusts nothing it does not check against it.
public struct BackupManifest: Codable, Sendable, Equatable {
  /// The layout this version of LOTs writes and reads.
  public static let currentFormat = 1
  /// The manifest's own name inside a backup.
  public static let fileName = "manifest.json"

  /// One file of the backup, by its path inside the backup's directory.
  public struct File: Codable, Sendable, Equatable {
    public var path: String
    public var bytes: Int
    public var sha256: String
  }

  public var format: Int
  /// When the snapshot was taken (ISO 8601, UTC).
  public var createdAt: String
  /// `sqlite` (the database is `lots.sqlite`) or `postgresql` (`database.pgdump`, pg_dump's
  /// custom format).
  public var backend: String
  /// The live stream's newest sequence in the snapshot.
  public var changeSequence: Int64
  /// How many posts the snapshot holds.
  public var posts: Int
  public var files: [File]
  /// Image keys the snapshot named that the data directory already lacked when it was taken:
  /// not in the backup, and not a reason to refuse restoring it.
  public var missing: [String]?

  /// The database file's name for a backend.
  static func databaseFile(backend: String) -> String {
    backend == "postgresql" ? "database.pgdump" : "lots.sqlite"
  }

  /// Whether a path a manifest names may be read or written: the database, or one level of
  /// `images/<2 hex>/<key>` or `print-files/<name>`, of plain characters; never `..`, an
  /// absolute path or a hidden file. (A manifest is input like any other.)
  static func isSafe(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let plain = parts.allSatisfy { part in
      !part.isEmpty && !part.hasPrefix(".") && part.utf8.count <= 200
        && part.utf8.allSatisfy {
          $0 == 0x2E || $0 == 0x2D || $0 == 0x5F || isalnum(Int32($0)) != 0
        }
    }
    guard plain else { return false }
    switch parts.count {
    case 1: return ["lots.sqlite", "database.pgdump"].contains(parts[0])
    case 2: return parts[0] == "print-files"
    case 3: return parts[0] == "images" && parts[1].utf8.count == 2
    default: return false
    }
  }

  /// Reads and checks the manifest of the backup in `directory`.
  /// - Throws: ``OperatorError`` when there is none, it is not JSON of this shape, its format is
  ///   another version's, or it names an unsafe path, a path twice or no database.
  static func read(from directory: URL) throws -> BackupManifest {
    let url = directory.appendingPathComponent(fileName)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw OperatorError(
        "\(directory.path) is not a LOTs backup: it has no \(fileName) (an unfinished or "
          + "damaged backup, or the wrong directory)")
    }
    let manifest: BackupManifest
    do {
      manifest = try JSONDecoder().decode(BackupManifest.self, from: data)
    } catch {
      throw OperatorError("the backup's \(fileName) is damaged: it is not a manifest LOTs wrote")
    }
    guard manifest.format == currentFormat else {
      throw OperatorError(
        "the backup's format is \(manifest.format); this version of LOTs restores format "
          + "\(currentFormat)")
    }
    guard ["sqlite", "postgresql"].contains(manifest.backend) else {
      throw OperatorError("the backup's manifest names an unknown backend '\(manifest.backend)'")
    }
    var seen = Set<String>()
    for file in manifest.files {
      guard isSafe(file.path), file.bytes >= 0, file.sha256.utf8.count == 64 else {
        throw OperatorError("the backup's manifest names a file it may not: '\(file.path)'")
      }
      guard seen.insert(file.path).inserted else {
        throw OperatorError("the backup's manifest names \(file.path) twice")
      }
    }
    guard seen.contains(databaseFile(backend: manifest.backend)) else {
      throw OperatorError(
        "the backup's manifest lists no \(databaseFile(backend: manifest.backend)): it is "
          + "incomplete")
    }
    return manifest
  }

  /// The manifest as the backup stores it: pretty, keys sorted.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}
