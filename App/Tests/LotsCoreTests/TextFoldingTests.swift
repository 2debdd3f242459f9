import LotsCore
import Testing

/// Folding makes the spellings of one name one key: case, accents, width, spaces and
/// punctuation aside; apostrophes join.
@Suite struct TextFoldingTests {
  @Test(arguments: [
    ("Phở Real", "pho real"), ("  PHO   real ", "pho real"), ("pho-real", "pho real"),
    ("Café Ñandú", "cafe nandu"), ("Straße 12", "strasse 12"), ("Ｆｕｌｌ", "full"),
    ("Łódź", "lodz"), ("McDonald’s", "mcdonalds"), ("Taco 'Bout It", "taco bout it"),
    ("Brew & Bread", "brew bread"), ("ラーメン 一蘭", "ラーメン 一蘭"), ("!!!", ""), ("", ""),
    ("Ichiran\u{0}\u{7}x", "ichiran x"), ("\"pho\" OR 1=1 --", "pho or 1 1"),
    ("NEAR(a b)", "near a b"), ("*", ""),
  ])
  func foldsToItsKey(_ text: String, _ key: String) {
    #expect(TextFolding.key(text) == key)
  }

  @Test func wordsAreTheKeysParts() {
    #expect(TextFolding.words("Noodle-Bar  Kiyo!") == ["noodle", "bar", "kiyo"])
    #expect(TextFolding.words("   ").isEmpty)
  }

  /// A folded key folds to itself: storing it and asking with it agree.
  @Test func foldingIsIdempotent() {
    for text in ["Phở Real", "Café Ñandú", "Straße", "McDonald’s", "ラーメン", "Ø  Bar"] {
      let key = TextFolding.key(text)
      #expect(TextFolding.key(key) == key, "\(text)")
    }
  }
}
