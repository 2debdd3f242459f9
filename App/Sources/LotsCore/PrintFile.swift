import Foundation

/// A file a student sent to print: a PDF with its pages counted, or an image (one page).
public struct PrintFile: Codable, Hashable, Sendable {
  /// What it is.
  public enum Kind: String, Codable, CaseIterable, Hashable, Sendable {
    case pdf
    case image
  }

  /// Stable numeric identifier.
  public var id: Int64
  /// Its name as sent.
  public var name: String
  /// What it is.
  public var kind: Kind
  /// Its pages.
  public var pages: Int
  /// Its size.
  public var bytes: Int
  /// When the server deletes it (a day after upload unless ordered, then some days after the
  /// order is collected, cancelled or refused).
  public var deleteAfter: Date

  /// Creates a file value.
  public init(id: Int64, name: String, kind: Kind, pages: Int, bytes: Int, deleteAfter: Date) {
    self.id = id
    self.name = name
    self.kind = kind
    self.pages = pages
    self.bytes = bytes
    self.deleteAfter = deleteAfter
  }
}
