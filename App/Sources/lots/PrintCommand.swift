import ArgumentParser
import Logging
import LotsServer

/// `lots print ...`: Booster's operator commands.
struct PrintCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "print", abstract: "Booster (print orders): staff and stores.",
    subcommands: [GrantStaff.self, Stores.self])

  /// `lots print grant-staff NAME STORE`.
  struct GrantStaff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "grant-staff",
      abstract: "Make an account staff of a print store (its console at /print/shop).")

    @Argument(help: "The account's user name.") var name: String
    @Argument(help: "The store's id (`lots print stores` lists them), or `none` to revoke.")
    var store: String
    @OptionGroup var server: ServerOptions

    func validate() throws {
      guard store == "none" || (Int64(store) ?? 0) > 0 else {
        throw ValidationError("STORE must be a store's id (a positive number) or `none`")
      }
    }

    func run() async throws {
      print(
        try await PrintAdmin.grantStaff(
          server.configuration, username: name, storeID: Int64(store),
          logger: Logger(label: "lots")))
    }
  }

  /// `lots print stores`.
  struct Stores: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stores", abstract: "List the print stores: id, name and address.")

    @OptionGroup var server: ServerOptions

    func run() async throws {
      for line in try await PrintAdmin.stores(server.configuration, logger: Logger(label: "lots"))
      {
        print(line)
      }
    }
  }
}
