import ArgumentParser
import Foundation

@main
struct Lots: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lots",
    abstract: "LOTs: the Lunch Of Today app and its collection-view toolkit.",
    subcommands: [LayoutCommand.self, DiffCommand.self]
  )

  /// Runs the command; a `CommandFailure` (bad input the user can fix) prints its message on
  /// standard error and exits with status 2, as every `lots` subcommand promises.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let failure as CommandFailure {
      FileHandle.standardError.write(Data((failure.description + "\n").utf8))
      Foundation.exit(2)
    } catch {
      exit(withError: error)
    }
  }
}
