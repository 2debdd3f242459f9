import EngineCLI
import Foundation

exit(EngineCommand.run(Array(CommandLine.arguments.dropFirst())))
