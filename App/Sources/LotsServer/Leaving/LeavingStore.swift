import Foundation

/// What leaving needs from storage (one implementation per backend): deleting an account
/// (``AccountDeletion``) and a person's data archive (``DataExport``).
protocol LeavingStore: Sendable {
  /// Deletes the account `userID` as ``AccountDeletion`` says, in one transaction.
  /// - Returns: The files its rows named, to remove once it committed.
  /// - Throws: ``AppError`` 404 when there is no such account (or it is deleted already).
  func deleteAccount(userID: Int64, now: Date) async throws -> LeftFiles
  /// The person's data archive's state, if one was asked for.
  func dataExport(userID: Int64) async throws -> DataExport?
  /// Starts building an archive unless one is building, or is ready and younger than
  /// `reuseWithin` seconds.
  /// - Returns: The archive's state, and whether this call started it.
  func beginDataExport(userID: Int64, now: Date, reuseWithin: Double) async throws
    -> (export: DataExport, begun: Bool)
  /// Records a built archive (`file` under the data directory's exports) or a failed build.
  /// - Returns: The file of the archive it replaces, to remove.
  func finishDataExport(userID: Int64, result: DataExport.Result, now: Date) async throws
    -> String?
  /// Forgets archives whose time is up (and builds that never finished by `staleBefore`).
  /// - Returns: Their files, to remove.
  func takeExpiredDataExports(now: Date, staleBefore: Date) async throws -> [String]
  /// Everything the person has, as named tables of rows (``PersonalData``'s queries).
  func personalData(userID: Int64) async throws -> [(String, [[String: PersonalValue]])]
}

/// The files a deleted account's rows named.
struct LeftFiles: Sendable, Equatable {
  /// Image keys of their posts' photos (removed when no other post shares them).
  var imageKeys: [String] = []
  /// Their stored print files.
  var printFiles: [String] = []
  /// Their data archive's file.
  var exportFile: String?
}
