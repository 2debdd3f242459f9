import Foundation
import Testing

@testable import LotsCore

/// Text people write: what must pass (every script, emoji sequences) and what must not (text
/// that hides, reorders or piles up), through `Validation.text` as the server calls it.
@Suite struct TextRulesTests {
  static func caption(_ text: String) throws(ValidationError) -> String {
    try Validation.text(text, field: "caption", length: 0...500, multiline: true)
  }

  @Test(arguments: [
    "Phở bò tái", "寿司と味噌汁", "خبز وحمص", "שַׁבָּת שָׁלוֹם", "नमस्ते",
    "می‌خواهم",  // Persian with a zero-width non-joiner between letters
    "👨‍👩‍👧 family lunch", "❤️‍🔥", "👍🏽", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 haggis",  // ZWJ, VS, skin tone, tag flag
    "١٢٣ ؀١٢",  // an Arabic number sign (a visible prepended mark)
    "first line\nsecond line",
  ])
  func acceptsWhatPeopleWrite(_ text: String) throws {
    let stored = try Self.caption(text)
    #expect(
      Array(stored.unicodeScalars)
        == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars))
  }

  @Test(arguments: [
    ("a\u{200B}b", "zero-width space"), ("\u{FEFF}hello", "byte-order mark"),
    ("pay\u{202E}gnp.exe", "right-to-left override"), ("a\u{2067}b\u{2069}", "isolate"),
    ("a\u{200F}b", "right-to-left mark"), ("a\u{061C}b", "Arabic letter mark"),
    ("\u{3164}", "Hangul filler"), ("a\u{2060}b", "word joiner"), ("so\u{00AD}ft", "soft hyphen"),
    ("a\u{E000}b", "private use"), ("a\u{0378}b", "unassigned"), ("\u{200D}a", "leading joiner"),
    ("a\u{200D}", "trailing joiner"), ("a \u{200C} b", "joiner between spaces"),
    ("a\u{E0041}b", "tag outside a flag"), ("a\u{E0001}b", "language tag"),
  ])
  func refusesInvisibleAndDirectionCharacters(_ text: String, _ what: String) {
    #expect(throws: ValidationError.self, "\(what)") { try Self.caption(text) }
  }

  @Test func refusesFloodsOfCombiningMarks() throws {
    let zalgo = "Z" + String(repeating: "\u{0336}", count: 9)
    #expect(throws: ValidationError.self) { try Self.caption(zalgo) }
    // Eight marks on one letter still pass; so do marks spread over many letters.
    let eight = "a" + String(repeating: "\u{0301}", count: 8)
    _ = try Self.caption(eight)
    _ = try Self.caption(String(repeating: "e\u{0301}\u{0323}", count: 100))
  }

  @Test func oneLetterWithAMillionMarksIsRefusedBeforeNormalising() {
    // One "character" of 2 MB: the 2,000-byte limit answers first.
    let flood = "a" + String(repeating: "\u{0301}", count: 1_000_000)
    do {
      _ = try Self.caption(flood)
      Issue.record("expected an error")
    } catch {
      #expect(error.message == "caption must be at most 2000 bytes of UTF-8")
    }
  }

  @Test func limitsBytesAsWellAsCharacters() throws {
    // 500 characters of four bytes each fit; 501 do not, nor 500 family emoji (25 bytes each).
    _ = try Self.caption(String(repeating: "😀", count: 500))
    #expect(throws: ValidationError.self) { try Self.caption(String(repeating: "😀", count: 501)) }
    #expect(throws: ValidationError.self) {
      try Self.caption(String(repeating: "👨‍👩‍👧", count: 500))
    }
  }

  @Test func storesNFC() throws {
    let decomposed = "Cafe\u{0301}"
    let stored = try Self.caption(decomposed)
    #expect(Array(stored.unicodeScalars) == Array("Caf\u{00E9}".unicodeScalars))
    let restaurant = try Validation.text(
      "  Pho\u{031B}\u{0309}  ", field: "restaurant", length: 1...100)
    #expect(Array(restaurant.unicodeScalars) == Array("Ph\u{1EDF}".unicodeScalars))
  }

  @Test func messagesSayWhatIsWrong() {
    do {
      _ = try Validation.text("a\u{202E}b", field: "restaurant", length: 1...100)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.message == "restaurant must not contain invisible or direction-changing characters")
    }
  }

  @Test func passwordsRefuseNULAndWhatBcryptWouldCut() throws {
    #expect(throws: ValidationError.self) { try Validation.password("secret\u{0}word") }
    #expect(throws: ValidationError.self) {
      try Validation.password(String(repeating: "é", count: 37))  // 74 bytes, 37 characters
    }
    try Validation.password(String(repeating: "é", count: 36))
  }
}
