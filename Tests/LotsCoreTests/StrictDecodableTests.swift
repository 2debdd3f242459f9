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
