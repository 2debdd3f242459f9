/// What a laid-out element is: a cell, or a section's header or footer.
public enum ElementKind: Hashable, Sendable {
  /// An item of a section.
  case cell
  /// The supplementary view above a section's items.
  case header
  /// The supplementary view below a section's items.
  case footer

  /// The lowercase name used in JSON and by the browser client.
  public var name: StaticString {
    switch self {
    case .cell: "cell"
    case .header: "header"
    case .footer: "footer"
    }
  }
}
