import Foundation
import Testing

@testable import LotsServer

/// PDF page counts come from qpdf in a limited child process: right for good files, a clear
/// refusal for encrypted, damaged and empty ones, and a hostile file costs only the child.
struct PageCounterTests {
  private func counter() throws -> PageCounter {
    try #require(PageCounter.beside(), "lots-pdf-pages is built beside the tests")
  }

  private func count(_ data: Data, with counter: PageCounter? = nil) async throws -> Int {
    let url = try TestPDF.file(data)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await (counter ?? self.counter()).pages(of: url)
  }

  private func refusal(_ data: Data, with counter: PageCounter? = nil) async throws -> String {
    do {
      let pages = try await count(data, with: counter)
      Issue.record("counted \(pages) pages")
      return ""
    } catch let error as AppError {
      return error.message
    }
  }

  @Test(arguments: [1, 3, 10_000])
  func goodFilesAreCounted(pages: Int) async throws {
    #expect(try await count(TestPDF.make(pages: pages)) == pages)
  }

  @Test func encryptedDamagedAndEmptyFilesAreRefusedWithTheirReason() async throws {
    #expect(
      try await refusal(TestPDF.make(pages: 2, encrypted: true))
        == PrintFileError.encrypted.message)
    for damaged in TestPDF.damaged() {
      #expect(try await refusal(damaged) == PrintFileError.damaged.message)
    }
    #expect(try await refusal(TestPDF.make(pages: 0)) == PrintFileError.noPages.message)
    #expect(try await refusal(Data("not a pdf".utf8)) == PrintFileError.damaged.message)
    #expect(try await refusal(Data()) == PrintFileError.damaged.message)
  }

  @Test func aPageTreeLoopIsRefused() async throws {
    #expect(
      try await refusal(TestPDF.make(pages: 2, loop: true)) == PrintFileError.damaged.message)
  }

  @Test func aFileThatExhaustsTheChildCostsOnlyTheChild() async throws {
    let big = TestPDF.make(pages: 10_000)
    var starved = try counter()
    starved.memoryMiB = 4
    #expect(try await refusal(big, with: starved) == PrintFileError.tooCostly.message)
    var hurried = try counter()
    hurried.wallClock = .milliseconds(1)
    #expect(try await refusal(big, with: hurried) == PrintFileError.tooCostly.message)
    // The server goes on counting.
    #expect(try await count(TestPDF.make(pages: 3)) == 3)
  }

  @Test func aMissingCounterIsSaid() async throws {
    let missing = PageCounter(executable: URL(fileURLWithPath: "/nonexistent/lots-pdf-pages"))
    #expect(
      try await refusal(TestPDF.make(pages: 1), with: missing)
        == PrintFileError.counterUnavailable.message)
  }
}
