import Foundation
import LotsCore

/// A search as the server runs it: the folded words of what was typed (``TextFolding``), at
/// most ``maximumWords``, each matched as a prefix (so a word being typed matches). Nothing of
/// the typed text reaches a database's query syntax: folded words hold only letters and
/// digits, and each backend quotes them.
struct SearchQuery: Sendable, Equatable {
  /// The longest query accepted, in characters.
  static let maximumLength = 200
  /// The most words a query keeps (the first ones).
  static let maximumWords = 8

  /// The folded words, in order; empty when the text has no letter or digit.
  let words: [String]
  /// What names of people must start with: the text trimmed and lower-cased when it could
  /// start a user name, else its first word; nil when neither.
  let namePrefix: String?

  /// Folds `text`.
  /// - Throws: ``AppError`` 400 (field `q`) for a text over ``maximumLength`` characters.
  init(_ text: String) throws(AppError) {
    guard text.count <= Self.maximumLength else {
      throw AppError.badRequest(
        "q must be at most \(Self.maximumLength) characters long", field: "q")
    }
    words = Array(TextFolding.words(text).prefix(Self.maximumWords))
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    let nameCharacters = trimmed.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "_.-".unicodeScalars.contains(scalar))
    }
    namePrefix = !trimmed.isEmpty && trimmed.count <= 30 && nameCharacters ? trimmed : words.first
  }

  /// `namePrefix` as a LIKE pattern (`_` and `%` escaped with `\`).
  var namePattern: String? {
    namePrefix.map {
      $0.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "%", with: "\\%")
        .replacingOccurrences(of: "_", with: "\\_") + "%"
    }
  }

  /// The FTS5 query: every word a quoted prefix (`"pho"* "real"*`), all required.
  var fts5: String {
    words.map { "\"\($0)\"*" }.joined(separator: " ")
  }

  /// The PostgreSQL `tsquery` text: every word a quoted prefix, all required.
  var tsquery: String { Self.tsquery(words) }

  /// `words` (folded: letters and digits only) as a `tsquery`, each a quoted prefix, all
  /// required: `'pho':* & 'real':*`.
  static func tsquery(_ words: [String]) -> String {
    words.map { "'\($0)':*" }.joined(separator: " & ")
  }

  /// The text stored for a post, folded like queries: its caption, restaurant and area.
  static func document(caption: String, restaurant: String, area: String) -> String {
    TextFolding.key("\(caption) \(restaurant) \(area)")
  }
}
