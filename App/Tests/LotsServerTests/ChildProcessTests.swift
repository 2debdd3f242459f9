import Foundation
import Testing

@testable import LotsServer

#if canImport(Glibc)
  import Glibc
#endif

/// The page counter's children: started without Foundation's `Process`, they see none of the
/// server's descriptors, and their exit status or the signal that ended them is told apart.
@Suite(.oncePerRun) struct ChildProcessTests {
  @Test func aChildGetsNothingOfTheServersButItsPipe() async throws {
    // A descriptor of the server's that would be inherited without care (no FD_CLOEXEC).
    let marker = FileManager.default.temporaryDirectory
      .appendingPathComponent("held-by-the-server-\(UInt32.random(in: 0...UInt32.max))")
    FileManager.default.createFile(atPath: marker.path, contents: Data())
    defer { try? FileManager.default.removeItem(at: marker) }
    let held = open(marker.path, O_RDONLY)
    #expect(held > 2)
    defer { close(held) }
    // What each of the shell's descriptors is (the one its glob read the directory with is
    // closed by then: "gone").
    let child = try ChildProcess(
      "/bin/sh", ["-c", #"for f in /proc/$$/fd/*; do readlink "$f" || echo gone; done; exit 3"#])
    defer { close(child.output) }
    #expect(await child.exitStatus() == 3)
    let seen = child.readOutput().split(separator: "\n").map(String.init)
    #expect(seen.count >= 3 && !seen.contains { $0.contains("held-by-the-server") }, "\(seen)")
    #expect(
      seen.allSatisfy { $0 == "/dev/null" || $0.hasPrefix("pipe:") || $0 == "gone" }, "\(seen)")
  }

  @Test func aChildEndedByASignalHasNoStatus() async throws {
    let child = try ChildProcess("/bin/sh", ["-c", "kill -9 $$"])
    defer { close(child.output) }
    #expect(await child.exitStatus() == nil)
    #expect(throws: AppError.self) { try ChildProcess("/nonexistent/counter", []) }
  }
}
