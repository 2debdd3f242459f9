import Foundation
import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct Base64URLTests {
  /// Foundation's base64 with the URL alphabet and no padding: what the tokens always were.
  static func reference(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  @Test func matchesFoundationAndRoundTrips() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SplitMix64(seed: seed)
    for _ in 0..<5_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      let text = Base64URL.encode(bytes)
      #expect(text == Self.reference(bytes), "seed \(seed), bytes \(bytes)")
      #expect(Base64URL.decode(text) == bytes, "seed \(seed), bytes \(bytes)")
    }
  }

  @Test(arguments: ["A", "AB=", "a+b/", "ab c", "AAAAA", "AB", "AAB", "é"])
  func refusesWhatNoEncoderWrites(_ text: String) {
    // "AB" and "AAB" leave non-zero bits after the last byte ("AA" and "AAA" decode).
    #expect(Base64URL.decode(text) == nil)
  }

  @Test func decodesShortGroups() {
    #expect(Base64URL.decode("") == [])
    #expect(Base64URL.decode("AA") == [0])
    #expect(Base64URL.decode("AAA") == [0, 0])
    #expect(Base64URL.decode("_-8") == [255, 239])
  }
}
