import Foundation

/// `lots-engine`: the layout and diff engines as a command, the toolkit's black-box interface.
/// It links only the toolkit: no server, no database, no image library.
public enum EngineCommand {
  static let usage = """
    usage: lots-engine layout [SPEC] [--svg FILE]   lay out a JSON spec (docs/layout-spec.md)
           lots-engine diff OLD NEW                 diff two JSON collections (docs/diff.md)
           lots-engine abi [--markdown]             print Web/toolkit/abi.js, the engine's format
                                                    (or the options table of docs/layout-spec.md)
    """

  /// Runs the subcommand named by `arguments[0]` and returns the exit status: 0, or 2 after
  /// printing one line on standard error for input the user can fix, prefixed with the
  /// subcommand (`lots-engine layout: …`).
  public static func run(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else {
      FileHandle.standardError.write(Data("lots-engine: a subcommand is needed\n\(usage)\n".utf8))
      return 2
    }
    if name == "--help" || name == "-h" || name == "help" {
      print(usage)
      return 0
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch name {
      case "layout": try LayoutCommand(arguments: rest).run()
      case "diff": try DiffCommand(arguments: rest).run()
      case "abi":
        var list = ArgumentList(rest)
        let markdown = list.flag("--markdown")
        try list.finish()
        let text = markdown ? OptionTable.markdown : ABIScript.text
        FileHandle.standardOutput.write(Data(text.utf8))
      default: throw CommandFailure("unknown subcommand \(name)\n\(usage)")
      }
      return 0
    } catch {
      FileHandle.standardError.write(Data("lots-engine \(name): \(error)\n".utf8))
      return 2
    }
  }
}
