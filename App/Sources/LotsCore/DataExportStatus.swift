import Foundation

/// A person's data archive ("Download my data"), as `GET /api/me/export` tells it: built in
/// the background, then downloadable from `url` by its owner only until `expiresAt`.
public struct DataExportStatus: Codable, Sendable, Equatable {
  /// Where the archive is.
  public enum State: String, Codable, Sendable {
    case building, ready, failed
  }

  public var state: State
  public var requestedAt: Date
  public var readyAt: Date?
  public var expiresAt: Date?
  /// The archive's size in bytes, once ready.
  public var bytes: Int?
  /// Where to download it, once ready.
  public var url: String?

  public init(
    state: State, requestedAt: Date, readyAt: Date? = nil, expiresAt: Date? = nil,
    bytes: Int? = nil, url: String? = nil
  ) {
    self.state = state
    self.requestedAt = requestedAt
    self.readyAt = readyAt
    self.expiresAt = expiresAt
    self.bytes = bytes
    self.url = url
  }
}
