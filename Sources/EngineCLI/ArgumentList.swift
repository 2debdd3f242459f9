/// The arguments of one subcommand, taken one by one: the engine's commands have a handful of
/// arguments, too few to bring an argument-parsing package into the toolkit's dependency graph.
struct ArgumentList {
  private var arguments: [String]

  init(_ arguments: [String]) { self.arguments = arguments }

  /// Removes `--name VALUE` (or `--name=VALUE`) and returns the value, or nil when absent.
  ///
  /// - Throws: `CommandFailure` when the flag has no value.
  mutating func option(_ name: String) throws -> String? {
    if let index = arguments.firstIndex(where: { $0.hasPrefix(name + "=") }) {
      return String(arguments.remove(at: index).dropFirst(name.count + 1))
    }
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { throw CommandFailure("\(name) needs a value") }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
  }

  /// Removes `--name` and returns whether it was there.
  mutating func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
  }

  /// Removes and returns the first positional argument, or nil when none is left.
  ///
  /// - Throws: `CommandFailure` for a flag nobody asked for (`-` alone is a positional: stdin).
  mutating func positional(_ name: String) throws -> String? {
    guard let first = arguments.first else { return nil }
    if first.hasPrefix("-") && first != "-" {
      throw CommandFailure("unknown option \(first)")
    }
    return arguments.removeFirst()
  }

  /// Fails when anything is left over.
  ///
  /// - Throws: `CommandFailure` naming the first unexpected argument.
  func finish() throws {
    if let extra = arguments.first {
      throw CommandFailure(
        extra.hasPrefix("-") && extra != "-"
          ? "unknown option \(extra)" : "unexpected argument \(extra)")
    }
  }
}
