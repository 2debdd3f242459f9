import ArgumentParser
import Foundation
import Logging
import LotsServer

/// `lots backup DIR`: a consistent backup of a server's data, while it runs.
struct BackupCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Back up the data (database, photos, print files) into a new directory.",
    discussion: """
      Works while the server runs and never stops its writes: the database is copied as of \
      one moment, then every photo and print file that copy names. DIR must not exist; it \
      appears only when the backup is complete, with manifest.json listing every file and its \
      SHA-256. Restore it with `lots restore DIR --data NEWDIR`.
      """)

  @Argument(help: "The new directory to write the backup into.") var directory: String
  @OptionGroup var server: ServerOptions

  func run() async throws {
    umask(0o077)
    let report = try await Backup.take(
      server.configuration, into: URL(fileURLWithPath: directory), logger: Logger(label: "lots"))
    let manifest = report.manifest
    print(
      "backed up \(manifest.posts) posts and \(manifest.files.count) files "
        + "(\(report.bytes) bytes, \(manifest.backend), stream sequence "
        + "\(manifest.changeSequence)) into \(directory) in "
        + String(format: "%.2f", report.seconds) + " s")
    if !report.missing.isEmpty {
      print(
        "warning: the data directory lacked \(report.missing.count) photos its database names "
          + "(listed in manifest.json as missing)")
    }
  }
}

/// `lots restore DIR --data NEWDIR`: a backup back into a new data directory.
struct RestoreCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Restore a backup into a new, empty data directory (and database).",
    discussion: """
      Checks every file against the backup's manifest and the database whole; a damaged or \
      incomplete backup is refused and nothing is written. A PostgreSQL backup needs \
      --database naming a new, empty database. Then start `lots serve` on the new directory.
      """)

  @Argument(help: "The backup's directory (made by lots backup).") var directory: String
  @OptionGroup var server: ServerOptions

  func run() async throws {
    umask(0o077)
    let configuration = server.configuration
    let manifest = try await Restore.run(
      from: URL(fileURLWithPath: directory), dataDirectory: configuration.dataDirectory,
      databaseURL: configuration.databaseURL, logger: Logger(label: "lots"))
    print(
      "restored \(manifest.posts) posts and \(manifest.files.count) files from \(directory) "
        + "(taken \(manifest.createdAt)) into \(configuration.dataDirectory.path)")
  }
}
