/// Where image files live, addressed by the SHA-256 of their content.
///
/// The seam for object storage when the server runs on several machines.
protocol ImageStore: Sendable {
  /// Stores bytes and returns their key, `<sha256>.<ext>`; storing twice is harmless.
  func put(_ bytes: [UInt8], fileExtension: String) throws -> String
  /// The bytes under a key, or nil.
  func bytes(forKey key: String) throws -> [UInt8]?
  /// Removes a key (missing keys are ignored).
  func remove(key: String) throws
}
