import Testing

@testable import LotsCore

@Suite struct ValidationTests {
  @Test(arguments: ["abc", "ana_b", "Jo.Doe", "a-b-c", String(repeating: "x", count: 30)])
  func acceptsUsernames(_ name: String) throws {
    try Validation.username(name)
  }

  @Test(arguments: [
    "", "ab", String(repeating: "x", count: 31), "../etc", "a/b", "a\\b", ".hidden", "naïve",
    "tab\tname", "new\nline", "sp ace", "x'; DROP TABLE account;--",
  ])
  func refusesUsernames(_ name: String) {
    #expect(throws: ValidationError.self) { try Validation.username(name) }
  }

  @Test func passwordLengthEdges() throws {
    #expect(throws: ValidationError.self) { try Validation.password("1234567") }
    try Validation.password("12345678")
    try Validation.password(String(repeating: "p", count: 72))
    #expect(throws: ValidationError.self) {
      try Validation.password(String(repeating: "p", count: 73))
    }
  }

  @Test func textTrimsAndChecksLength() throws {
    #expect(try Validation.text("  Pho Real ", field: "restaurant", length: 1...100) == "Pho Real")
    #expect(throws: ValidationError.self) {
      try Validation.text("   ", field: "restaurant", length: 1...100)
    }
    #expect(throws: ValidationError.self) {
      try Validation.text(String(repeating: "a", count: 101), field: "restaurant", length: 1...100)
    }
  }

  @Test func textRefusesControlCharactersButKeepsNewlinesWhenMultiline() throws {
    #expect(
      try Validation.text("a\nb", field: "caption", length: 0...10, multiline: true) == "a\nb")
    #expect(throws: ValidationError.self) {
      try Validation.text("a\nb", field: "restaurant", length: 0...10)
    }
    for bad in ["a\u{0}b", "a\u{7}b", "a\u{202E}b", "a\u{2028}b"] {
      #expect(throws: ValidationError.self) {
        try Validation.text(bad, field: "caption", length: 0...10, multiline: true)
      }
    }
  }

  @Test func messagesNameTheField() {
    do {
      _ = try Validation.text("", field: "restaurant", length: 1...100)
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("restaurant"))
    }
  }
}
