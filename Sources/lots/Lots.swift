import ArgumentParser
import Foundation
import LotsServer

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

  /// Runs the command; bad input the user can fix (a `CommandFailure` or a `SpecError` naming
  /// a JSON field) prints one line on standard error, prefixed with the subcommand, and exits
  /// with status 2, as every `lots` subcommand promises.
  static func main() async {
    var name = "lots"
    do {
      var command = try parseAsRoot()
      // Before the server's first task: its tasks then run on the event loops.
      if command is ServeCommand { EventLoopExecutor.install() }
      if let subcommand = type(of: command).configuration.commandName {
        name = "lots \(subcommand)"
      }
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let failure as CommandFailure {
      fail("\(name): \(failure)")
    } catch let error as SpecError {
      fail("\(name): \(error)")
    } catch {
      exit(withError: error)
    }
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    Foundation.exit(2)
  }
}
