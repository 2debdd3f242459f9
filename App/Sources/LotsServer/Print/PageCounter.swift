import Foundation

/// Counts a PDF's pages with qpdf in a child process (`lots-pdf-pages`) that limits its own
/// address space and CPU time, killed after ``wallClock``: a hostile file can crash, exhaust or
/// hang only that child, never the server. At most ``concurrency`` children run at once; the
/// others wait their turn.
struct PageCounter: Sendable {
  /// The counter's executable.
  var executable: URL
  /// The child's address-space limit, in MiB.
  var memoryMiB = 256
  /// The child's CPU-time limit, in seconds.
  var cpuSeconds = 5
  /// How long the server waits for one count before killing the child.
  var wallClock: Duration = .seconds(10)
  /// Children running at once, shared by every counter of the process.
  static let concurrency = 2
  private static let gate = CountGate(slots: concurrency)

  /// The counter beside the running executable (`lots`, or a test binary in the same build
  /// folder), or the one `LOTS_PDF_PAGES` names.
  /// - Returns: nil when there is none: PDF orders are then refused with 503.
  static func beside() -> PageCounter? {
    let environment = ProcessInfo.processInfo.environment["LOTS_PDF_PAGES"]
    let url =
      environment.map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("lots-pdf-pages")
    guard FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
    return PageCounter(executable: url)
  }

  /// The pages of the PDF at `file`.
  /// - Throws: ``PrintFileError`` saying why the file cannot be printed (encrypted, damaged,
  ///   no pages, or too costly to count).
  func pages(of file: URL) async throws -> Int {
    try await Self.gate.withSlot {
      let (status, output) = try await run(file)
      let words = output.split(separator: " ")
      if status == 0, words.count == 2, words[0] == "pages", let pages = Int(words[1]) {
        return pages
      }
      if status == 1, words.count == 2, words[0] == "refused" {
        switch words[1] {
        case "encrypted": throw PrintFileError.encrypted
        case "empty": throw PrintFileError.noPages
        case "damaged", "pages": throw PrintFileError.damaged
        default: break
        }
      }
      throw PrintFileError.tooCostly
    }
  }

  /// Runs the child on `file`: its exit status (-1 when it was killed or crashed) and its
  /// output's first line.
  private func run(_ file: URL) async throws -> (Int32, String) {
    let child = try ChildProcess(
      executable.path, ["--memory", String(memoryMiB), "--cpu", String(cpuSeconds), file.path])
    defer { close(child.output) }
    let watchdog = Task { [pid = child.pid] in
      try await Task.sleep(for: wallClock)
      kill(pid, SIGKILL)
    }
    let status = await child.exitStatus()
    watchdog.cancel()
    // A child that was killed or crashed said nothing worth reading.
    guard let status else { return (-1, "") }
    // The child wrote one short line (far below a pipe's buffer) before it ended.
    let line = child.readOutput().split(separator: "\n").first ?? ""
    return (status, String(line))
  }
}
