import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct SessionHashTests {
  /// Stored sessions are looked up by this hash: its format (SHA-256 as 64 lower-case hex
  /// digits) must never change, or every signed-in user would be signed out.
  @Test func isLowerCaseHexOfSHA256() {
    #expect(
      SessionMiddleware.hash("abc")
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SessionMiddleware.hash("")
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }
}
