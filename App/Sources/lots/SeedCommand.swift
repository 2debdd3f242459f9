import ArgumentParser
import Logging
import LotsServer

/// `lots seed`: creates the database and seeds demo content if it is empty, then exits.
struct SeedCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "seed", abstract: "Seed demo users, photo posts and likes into an empty database."
  )

  @OptionGroup var server: ServerOptions

  func run() async throws {
    let seeded = try await seedDemoContent(server.configuration, logger: Logger(label: "lots"))
    if let password = seeded {
      print("seeded demo content; the demo accounts' password is \(password)")
    } else {
      print(
        "the database already had its accounts: no new demo accounts (a demo seeding that "
          + "stopped half-way has been finished)")
    }
  }
}
