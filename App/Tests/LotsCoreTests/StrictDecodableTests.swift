import Foundation
import Testing

@testable import LotsCore

@Suite struct StrictDecodableTests {
  func message(_ json: String) -> String? {
    do {
      _ = try Credentials.decodeStrictly(from: Data(json.utf8))
      return nil
    } catch {
      return error.message
    }
  }

  @Test func decodesAValidBody() throws {
    let body = try Credentials.decodeStrictly(
      from: Data(#"{"username":"ana","password":"p"}"#.utf8))
    #expect(body == Credentials(username: "ana", password: "p"))
  }

  @Test func namesEachProblem() {
    #expect(message("{") == "malformed JSON body")
    #expect(message("[1]") == "the JSON body must be an object")
    #expect(message(#"{"username":"a","password":"b","admin":true}"#) == "unknown field 'admin'")
    #expect(message(#"{"username":"a"}"#) == "missing field 'password'")
    #expect(message(#"{"username":1,"password":"b"}"#)?.contains("'username'") == true)
    #expect(message(#"{"username":null,"password":"b"}"#)?.contains("'username'") == true)
  }

  @Test func unknownFieldNamesAreMadePrintable() {
    let text = message(#"{"username":"a","password":"b","x\u0007y":1}"#)
    #expect(text == "unknown field 'x?y'")
  }

  @Test func datesRoundTripWithFractionalSeconds() throws {
    let user = User(
      id: 1, username: "ana", createdAt: Date(timeIntervalSince1970: 1_700_000_000.25))
    let data = try JSONCoding.encoder().encode(user)
    #expect(String(decoding: data, as: UTF8.self).contains("2023-11-14T22:13:20.250Z"))
    #expect(try JSONCoding.decoder().decode(User.self, from: data) == user)
  }
}

@Suite struct ISO8601Tests {
  /// Dates exactly representable in binary, where rounding and truncation agree.
  @Test(arguments: [0, 1, 951_782_400.5, 1_700_000_000.25, 1_709_164_800.75, -1.5, 4_102_444_799])
  func matchesFoundation(_ seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    let foundation = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    #expect(ISO8601.string(from: date) == foundation)
  }
}

extension ISO8601Tests {
  /// Stored timestamps are whole milliseconds: each formats to itself, whatever the binary error.
  @Test func wholeMillisecondsRoundTrip() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<1_000 {
      let millis = Int64.random(in: 946_684_800_000...4_102_444_799_999, using: &generator)
      let date = Date(timeIntervalSince1970: Double(millis) / 1000)
      let parsed = try Date(
        ISO8601.string(from: date),
        strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
      #expect(Int64((parsed.timeIntervalSince1970 * 1000).rounded()) == millis)
    }
  }
}
