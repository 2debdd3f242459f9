import Testing

@testable import EngineCLI

@Suite struct JSONWriterTests {
  @Test func escapesStringsAndPrintsWholeNumbersAsIntegers() {
    var writer = JSONWriter()
    writer.object([
      ("a", { $0.string("quote \" slash \\ tab \t bell \u{7}") }),
      ("b", { $0.number(3) }), ("c", { $0.number(-0.25) }),
    ])
    #expect(writer.text == #"{"a":"quote \" slash \\ tab \t bell \u0007","b":3,"c":-0.25}"#)
  }
}
