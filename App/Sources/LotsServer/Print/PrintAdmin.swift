import Foundation
import Logging

/// The operator's Booster commands (`lots print ...`), on the server's own storage.
public enum PrintAdmin {
  /// Makes `username` staff of store `storeID` (nil: of none).
  /// - Returns: What changed, in words.
  /// - Throws: ``AppError`` naming the person or store that does not exist.
  public static func grantStaff(
    _ configuration: ServerConfiguration, username: String, storeID: Int64?, logger: Logger
  ) async throws -> String {
    try await withServices(configuration, logger: logger) { services in
      let storage = services.storage
      guard let account = try await storage.account(named: username) else {
        throw AppError(.notFound, "no account is called \(username)")
      }
      try await storage.setStaff(accountID: account.user.id, storeID: storeID)
      guard let storeID else { return "\(account.user.username) is staff of no store now" }
      let name = try await storage.printShopRows(ids: [storeID], viewerID: nil).first?.name ?? ""
      return "\(account.user.username) is staff of store \(storeID) (\(name)) now"
    }
  }

  /// Every store, one line each: its id, name and address.
  public static func stores(_ configuration: ServerConfiguration, logger: Logger) async throws
    -> [String]
  {
    try await withServices(configuration, logger: logger) { services in
      try await services.storage.allPrintStores().map { "\($0.id)\t\($0.name)\t\($0.address)" }
    }
  }
}
