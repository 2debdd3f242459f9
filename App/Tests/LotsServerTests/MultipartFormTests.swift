import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct MultipartFormTests {
  @Test func parsesFieldsAndFiles() throws {
    let body = Array(
      Multipart.body(fields: ["caption": "a\r\nb"], file: ("photo", [0, 13, 10, 45, 45, 255]))
        .readableBytesView)
    let form = try MultipartForm(body: body, boundary: Multipart.boundary)
    #expect(form.parts.map(\.name) == ["caption", "photo"])
    #expect(form.parts[0].bytes == Array("a\r\nb".utf8))
    #expect(form.parts[1].bytes == [0, 13, 10, 45, 45, 255])
    #expect(form.parts[1].filename == "a.jpg")
    #expect(form.parts[1].contentType == "image/jpeg")
  }

  @Test(arguments: [
    "", "--x", "--x\r\n", "--x\r\nContent-Disposition: form-data\r\n\r\nv\r\n--x--",
    "--x\r\nno colon\r\n\r\nv\r\n--x--", "garbage",
  ])
  func refusesMalformedBodies(_ text: String) {
    #expect(throws: AppError.self) { try MultipartForm(body: Array(text.utf8), boundary: "x") }
  }

  @Test func readsTheBoundary() throws {
    #expect(
      try MultipartForm.boundary(contentType: "multipart/form-data; boundary=\"ab c\"") == "ab c")
    #expect(throws: AppError.self) {
      try MultipartForm.boundary(contentType: "multipart/form-data")
    }
    #expect(throws: AppError.self) { try MultipartForm.boundary(contentType: "text/plain") }
    #expect(throws: AppError.self) { try MultipartForm.boundary(contentType: nil) }
  }
}
