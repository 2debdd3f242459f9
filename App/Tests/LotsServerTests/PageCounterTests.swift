import Foundation
import Testing

@testable import LotsServer

/// PDF page counts come from qpdf in a limited child process: right for good files, a clear
/// refusal for encrypted, damaged and empty ones, and a hostile file costs only the child.
@Suite(.oncePerRun) struct PageCounterTests {
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
    // A child that would hang (here a script counting for half a minute or more, in the
    // shell itself: a forked `sleep` would keep Foundation's watch on the child open) is
    // killed at the wall clock: without the kill it would answer one page.
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-test-hang-\(UUID().uuidString)")
    let busy = "i=0\nwhile [ $i -lt 10000000 ]; do i=$((i + 1)); done\necho pages 1\n"
    try Data(("#!/bin/sh\n" + busy).utf8).write(to: script)
    defer { try? FileManager.default.removeItem(at: script) }
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    var hanging = PageCounter(executable: script)
    hanging.wallClock = .seconds(1)
    #expect(
      try await refusal(TestPDF.make(pages: 1), with: hanging) == PrintFileError.tooCostly.message)
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
