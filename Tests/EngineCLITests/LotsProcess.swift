import Foundation

/// Runs the built `lots-engine` executable (next to the test bundle) as a user would.
struct LotsProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("lots-engine")
  }

  static func run(_ arguments: [String], stdin: String = "") throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }
}
