import ArgumentParser

@main
struct Lots: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lots", abstract: "LOTs: the Lunch Of Today app and its collection-view toolkit.")
}
