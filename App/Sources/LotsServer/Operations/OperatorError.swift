/// A refusal of an operator's command (`lots backup`, `lots restore`): one sentence saying
/// what is wrong and what to do, printed by the command line, which then exits with status 1.
public struct OperatorError: Error, CustomStringConvertible, Sendable {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
