/// A failure the user can fix: `Lots.main` prints it on standard error, prefixed with the
/// subcommand (`lots layout: …`), and exits with status 2.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
