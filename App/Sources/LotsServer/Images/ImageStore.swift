import Foundation
import Hummingbird

/// Where image files live, addressed by the SHA-256 of their content.
///
/// The seam for object storage when the server runs on several machines.
protocol ImageStore: Sendable {
  /// The length of the image under a key, or nil when there is none.
  func length(ofKey key: String) async throws -> Int?
  /// Bytes `range` of the image under a key, streamed to the client in chunks: a request never
  /// holds a whole image in memory.
  func body(forKey key: String, range: ClosedRange<Int>, context: some RequestContext)
    async throws -> ResponseBody
  /// Stores bytes and returns their key, `<sha256>.<ext>`; storing twice is harmless.
  func put(_ bytes: [UInt8], fileExtension: String) throws -> String
  /// Removes a key (missing keys are ignored).
  func remove(key: String) throws
  /// The stored keys last written before `date`, and leftovers of interrupted writes as old
  /// (removed as they are listed): what ``OrphanCollector`` checks against the posts.
  func keys(writtenBefore date: Date) throws -> [String]
}
