import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct ByteRangeTests {
  @Test func resolvesSingleRanges() {
    #expect(ByteRange.resolve("bytes=0-9", length: 100) == .partial(0...9))
    #expect(ByteRange.resolve("bytes=90-", length: 100) == .partial(90...99))
    #expect(ByteRange.resolve("bytes=-10", length: 100) == .partial(90...99))
    #expect(ByteRange.resolve("bytes=-500", length: 100) == .partial(0...99))
    #expect(ByteRange.resolve("bytes=95-200", length: 100) == .partial(95...99))
  }

  /// RFC 9110: what a server may ignore is ignored (the whole image, 200), never refused.
  @Test(arguments: [
    nil, "bytes=5-2", "bytes=0-1,3-4", "items=0-1", "bytes=x-", "bytes=1-x", "bytes=+1-2",
    "bytes=", "bytes=--5", "bytes=0x10-", "bytes=99999999999999999999999-",
  ])
  func ignoresWhatItMay(_ header: String?) {
    #expect(ByteRange.resolve(header, length: 100) == .whole)
  }

  @Test(arguments: ["bytes=100-", "bytes=100-200", "bytes=-0"])
  func refusesOnlyWellFormedRangesNoByteSatisfies(_ header: String) {
    #expect(ByteRange.resolve(header, length: 100) == .unsatisfiable)
  }
}
