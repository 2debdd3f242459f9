import ArgumentParser
import Foundation

@main
struct Lots: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lots",
    abstract: "LOTs: the Lunch Of Today app and its collection-view toolkit.",
    subcommands: [
      ServeCommand.self, LayoutCommand.self, DiffCommand.self, SeedCommand.self,
      BenchImageCommand.self,
    ],
    defaultSubcommand: ServeCommand.self
  )

  /// Runs the command; a `CommandFailure` (bad input the user can fix) prints its message on
  /// standard error and exits with status 2, as every `lots` subcommand promises.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let failure as CommandFailure {
      FileHandle.standardError.write(Data((failure.description + "\n").utf8))
      Foundation.exit(2)
    } catch {
      exit(withError: error)
    }
  }
}
