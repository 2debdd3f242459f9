import Testing

@testable import LotsServer

@Suite struct ByteRangeTests {
  @Test func resolvesRanges() {
    #expect(ByteRange.resolve("bytes=0-9", length: 100) == 0...9)
    #expect(ByteRange.resolve("bytes=90-", length: 100) == 90...99)
    #expect(ByteRange.resolve("bytes=-10", length: 100) == 90...99)
    #expect(ByteRange.resolve("bytes=-500", length: 100) == 0...99)
    #expect(ByteRange.resolve("bytes=95-200", length: 100) == 95...99)
  }

  @Test(arguments: [
    "bytes=100-", "bytes=5-2", "bytes=0-1,3-4", "items=0-1", "bytes=-0", "bytes=x-",
  ])
  func refusesOthers(_ header: String) {
    #expect(ByteRange.resolve(header, length: 100) == nil)
  }
}
