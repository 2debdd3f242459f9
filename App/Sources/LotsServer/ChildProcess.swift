import Foundation
import NIOPosix

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn`: an empty environment, standard input on
/// `/dev/null`, standard output into a pipe (standard error too, or `/dev/null`), and no other
/// descriptor of the server's.
/// Foundation's `Process.run()` is not used: on Linux it reads past a buffer while it looks for
/// the descriptors to close (swift-corelibs-foundation pull request 5472), and crashed a CI run.
struct ChildProcess: Sendable {
  let pid: pid_t
  /// The reading end of the child's standard output (the caller closes it).
  let output: Int32

  /// Starts `path` with `arguments` and only `environment` (`NAME=value` items); with
  /// `errorsToOutput`, what it writes to standard error comes through ``output`` too (a tool's
  /// message worth showing), else it is discarded.
  /// - Throws: ``PrintFileError/counterUnavailable`` when it cannot be started.
  init(
    _ path: String, _ arguments: [String], environment: [String] = [],
    errorsToOutput: Bool = false
  ) throws {
    guard let pipe2 = Self.pipe2, let closeFrom = Self.closeFrom else {
      throw PrintFileError.counterUnavailable
    }
    var pipe: [Int32] = [-1, -1]
    guard pipe2(&pipe, O_CLOEXEC) == 0 else { throw PrintFileError.counterUnavailable }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    if errorsToOutput {
      posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    // Nothing else of the server's (sockets, the database) reaches the child.
    _ = closeFrom(&actions, 3)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let variables = environment.map { strdup($0) } + [nil]
    defer { for pointer in variables { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, path, &actions, nil, argv, variables)
    close(pipe[1])
    guard started == 0 else {
      close(pipe[0])
      throw PrintFileError.counterUnavailable
    }
    self.pid = pid
    self.output = pipe[0]
  }

  /// glibc's `pipe2` and `posix_spawn_file_actions_addclosefrom_np` (2.34), which its headers
  /// declare only for `_GNU_SOURCE`, as Swift does not import them: looked up once.
  private static let pipe2 = glibcSymbol(
    "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
  private static let closeFrom = glibcSymbol(
    "posix_spawn_file_actions_addclosefrom_np",
    as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

  /// Waits for the child to end (on a thread of the shared pool, not the caller's): its exit
  /// status, or nil when a signal ended it.
  func exitStatus() async -> Int32? {
    let pid = pid
    let status = try? await NIOThreadPool.singleton.runIfActive { () -> Int32 in
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
      return status
    }
    guard let status, status & 0x7f == 0 else { return nil }
    return (status >> 8) & 0xff
  }

  /// What the child wrote (at most 4 KiB): read it before ``exitStatus()`` when the child may
  /// write more than a pipe holds (64 KiB), else after.
  func readOutput() -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 512)
    while bytes.count < 4_096 {
      let got = read(output, &chunk, chunk.count)
      if got > 0 {
        bytes += chunk.prefix(got)
      } else if got < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
