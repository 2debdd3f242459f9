/// A moderator's decision on a post: bring it back, or remove it for everyone.
public struct ModerationDecision: Codable, Hashable, Sendable, StrictDecodable {
  /// What the moderator decided.
  public enum Action: String, Codable, Hashable, Sendable {
    /// Show the post again; its open reports are dismissed, and reports alone will not hide it
    /// again.
    case restore
    /// Hide the post from everyone, its author included; its open reports are upheld.
    case remove
  }

  /// What the moderator decided.
  public var action: Action
  /// Why, for the audit trail (0–500 characters).
  public var note: String

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["action", "note"]

  /// Creates a decision.
  public init(action: Action, note: String = "") {
    self.action = action
    self.note = note
  }

  enum CodingKeys: String, CodingKey { case action, note }

  /// Decodes a decision; `note` may be left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    action = try container.decode(Action.self, forKey: .action)
    note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
  }
}
