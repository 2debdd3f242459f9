import ArgumentParser
import LotsServer

@main
struct Lots: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lots",
    abstract: "LOTs: the Lunch Of Today app (the engine's own command is lots-engine).",
    subcommands: [
      ServeCommand.self, SeedCommand.self, BenchImageCommand.self, BenchLimiterCommand.self,
      BenchSearchCommand.self, BenchPrintCommand.self, PrintCommand.self, BackupCommand.self,
      RestoreCommand.self,
    ],
    defaultSubcommand: ServeCommand.self
  )

  /// Runs the command; errors are printed by ArgumentParser with its exit codes.
  static func main() async {
    do {
      var command = try parseAsRoot()
      // Before the server's first task: its tasks then run on the event loops.
      if command is ServeCommand { EventLoopExecutor.install() }
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }
}
