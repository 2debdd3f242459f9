/// A failure the user can fix: `lots-engine` prints it on standard error, prefixed with the
/// subcommand (`lots-engine layout: …`), and exits with status 2.
public struct CommandFailure: Error, CustomStringConvertible {
  /// The message, naming what to fix.
  public let description: String
  init(_ description: String) { self.description = description }
}
