/// The body of a report: why the post should be reviewed.
public struct ReportRequest: Codable, Hashable, Sendable, StrictDecodable {
  /// Free-text reason, 1–500 characters.
  public var reason: String

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["reason"]

  /// Creates a report request.
  public init(reason: String) {
    self.reason = reason
  }
}
