import Foundation

/// Reads a file, or standard input for `-`.
func readInput(_ path: String) throws -> Data {
  if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
  guard let data = FileManager.default.contents(atPath: path) else {
    throw CommandFailure("cannot read \(path): no such file or not readable")
  }
  return data
}

/// Writes text to a file, failing with a message naming it.
func write(_ text: String, to path: String) throws {
  guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
    throw CommandFailure("cannot write \(path)")
  }
}
