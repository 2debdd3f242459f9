import Foundation

/// Text as search and deduplication compare it: the same words whatever their case, accents,
/// width or punctuation, so that `Phở  24`, `pho 24` and `PHO-24` are one name.
///
/// The server folds both what it stores and what it is asked, so the database compares plain
/// lower-case words and never sees a query's own syntax (quotes, `*`, `-`, `NEAR`).
public enum TextFolding {
  /// Letters that carry no combining accent to strip but read as a plain letter.
  private static let plainLetters: [Character: String] = [
    "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th",
    "ð": "d",
  ]

  /// The words of a text, folded: lower case, without accents, full-width letters as ASCII;
  /// apostrophes join (`McDonald’s` is `mcdonalds`); any other character that is not a letter
  /// or a digit separates words.
  /// - Complexity: O(*n*) for *n* characters.
  public static func words(_ text: String) -> [String] {
    let folded = text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    var words: [String] = []
    var word = ""
    for character in folded {
      if character == "'" || character == "’" || character == "ʼ" || character == "`" {
        continue
      }
      if character.isLetter || character.isNumber {
        if let plain = plainLetters[character] { word += plain } else { word.append(character) }
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// The folded words joined by single spaces: the key two spellings of one name share.
  /// - Complexity: O(*n*) for *n* characters.
  public static func key(_ text: String) -> String {
    words(text).joined(separator: " ")
  }
}
