import ArgumentParser
import Foundation
import Hummingbird
import Logging
import LotsServer

/// `lots serve`: runs the LOTs server until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve the LOTs API, realtime stream and web client.")

  @OptionGroup var server: ServerOptions

  @Flag(
    help: ArgumentHelp(
      "Seed demo users, posts and likes into an empty database: the accounts (ana moderates) "
        + "before the server listens, the posts while it runs (the password is logged)."))
  var demo = false

  @Option(help: "How many photo posts --demo makes.")
  var demoPosts = ServerConfiguration(dataDirectory: URL(fileURLWithPath: ".")).demoPostCount

  @Flag(
    help:
      "Turn rate limits and the per-address stream and upload limits off (load tests and benchmarks only)."
  )
  var noRateLimits = false

  @Option(
    name: .customLong("trusted-proxy"),
    help: ArgumentHelp(
      "A reverse proxy's address whose X-Forwarded-For names the client (repeatable; env "
        + "LOTS_TRUSTED_PROXIES, comma-separated)."))
  var trustedProxies: [String] = environmentList("LOTS_TRUSTED_PROXIES")

  @Option(
    name: .customLong("moderator"),
    help: ArgumentHelp(
      "A user name who moderates (repeatable; env LOTS_MODERATORS, comma-separated). Without "
        + "one, the first account to sign up moderates (with --demo, the demo account ana), and "
        + "is told so."))
  var moderators: [String] = environmentList("LOTS_MODERATORS")

  @Option(
    help: ArgumentHelp(
      "When a commit reaches the disk: full (fsync at every commit; a write survives power "
        + "loss) or normal (at checkpoints; survives a killed process). Default full."))
  var synchronous = "full"

  var synchronousLevel: DatabasePolicy.Synchronous? {
    DatabasePolicy.Synchronous(rawValue: synchronous.uppercased())
  }

  func validate() throws {
    guard (1...10_000).contains(demoPosts) else {
      throw ValidationError("--demo-posts must be 1 to 10000, not \(demoPosts)")
    }
    guard synchronousLevel != nil else {
      throw ValidationError("--synchronous must be full or normal, not '\(synchronous)'")
    }
  }

  func run() async throws {
    // Everything the server creates (the database, its journal, photos) is its user's alone.
    umask(0o077)
    var configuration = server.configuration
    configuration.seedDemoContent = demo
    configuration.demoPostCount = demoPosts
    if noRateLimits {
      configuration.rateLimits = .unlimited
      // A load test's thousand subscribers (and its writers) all come from one address.
      configuration.streamsPerAddress = .max
      configuration.uploadsPerAddress = .max
      configuration.connectionsPerAddress = .max
    }
    configuration.trustedProxies = Set(trustedProxies)
    configuration.moderators = Set(moderators.map { $0.lowercased() })
    configuration.policy.synchronous = synchronousLevel ?? .full
    let logger = Logger(label: "lots")
    let app = try await buildApplication(configuration, logger: logger)
    try await app.runService()
  }
}

/// Where the server listens and keeps its data; each flag falls back to an environment variable.
struct ServerOptions: ParsableArguments {
  @Option(help: "Address to listen on (env LOTS_HOST).")
  var host = ProcessInfo.processInfo.environment["LOTS_HOST"] ?? "127.0.0.1"

  @Option(help: "Port to listen on (env LOTS_PORT).")
  var port = Int(ProcessInfo.processInfo.environment["LOTS_PORT"] ?? "") ?? 8080

  @Option(help: "Directory for the database and images (env LOTS_DATA).")
  var data = ProcessInfo.processInfo.environment["LOTS_DATA"] ?? "data"

  @Option(help: "Directory of the web client (env LOTS_WEB).")
  var web = ProcessInfo.processInfo.environment["LOTS_WEB"] ?? "Web"

  @Option(
    help: """
      A PostgreSQL database, postgres://user[:password]@host[:port]/name, instead of SQLite \
      in the data directory; instances sharing it share the data directory's images too \
      (env LOTS_DATABASE_URL).
      """)
  var database = ProcessInfo.processInfo.environment["LOTS_DATABASE_URL"]

  @Option(
    name: .customLong("host-name"),
    help: ArgumentHelp(
      "A host name (the Host header) this server answers to, besides localhost, 127.0.0.1, "
        + "[::1] and the --host address (repeatable; env LOTS_HOST_NAMES, comma-separated); "
        + "requests for any other host get 421."))
  var hostNames: [String] = environmentList("LOTS_HOST_NAMES")

  @Option(
    name: .customLong("map-tiles"),
    help: ArgumentHelp(
      "Booster's map tiles, https://host/{z}/{x}/{y}.png (env LOTS_MAP_TILES); without it the "
        + "map shows its own GeoJSON layers and fetches nothing from elsewhere."))
  var mapTiles = ProcessInfo.processInfo.environment["LOTS_MAP_TILES"]

  @Option(
    name: .customLong("heartbeat"),
    help: ArgumentHelp(
      "Seconds between the live stream's heartbeats, 1 to 300; a page that hears none for two "
        + "of them reconnects.",
      valueName: "seconds"))
  var heartbeat = 15

  @Option(
    name: .customLong("metrics-token"),
    help: ArgumentHelp(
      "A token that lets a client elsewhere read /metrics (Authorization: Bearer; env "
        + "LOTS_METRICS_TOKEN); without it only this machine may.",
      valueName: "token"))
  var metricsToken = ProcessInfo.processInfo.environment["LOTS_METRICS_TOKEN"]

  @Flag(help: "Serve no /metrics and count no requests.")
  var noMetrics = false

  func validate() throws {
    #if DEBUG
      _ = try Self.testBcryptCost()
    #endif
    if let metricsToken, metricsToken.count < 16 {
      throw ValidationError("--metrics-token must be at least 16 characters")
    }
    guard (1...300).contains(heartbeat) else {
      throw ValidationError("--heartbeat must be 1 to 300 seconds, not \(heartbeat)")
    }
    if let mapTiles, MapTiles.origin(mapTiles) == nil {
      throw ValidationError(
        "--map-tiles must be an http(s) URL with {z}, {x} and {y}, such as "
          + "https://tile.example.org/{z}/{x}/{y}.png")
    }
  }

  @Option(help: "The most connections one client address may hold open at once.")
  var connectionsPerAddress = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "."))
    .connectionsPerAddress

  var configuration: ServerConfiguration {
    var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: data))
    configuration.host = host
    configuration.port = port
    configuration.webDirectory = URL(fileURLWithPath: web)
    configuration.databaseURL = database
    configuration.hostNames.formUnion(hostNames.map { $0.lowercased() })
    if !["0.0.0.0", "::", "[::]"].contains(host) {
      configuration.hostNames.insert(host.contains(":") ? "[\(host)]" : host)
    }
    configuration.connectionsPerAddress = connectionsPerAddress
    configuration.mapTiles = mapTiles
    configuration.heartbeatInterval = .seconds(heartbeat)
    configuration.metricsToken = metricsToken
    configuration.metricsEnabled = !noMetrics
    #if DEBUG
      if let cost = try? Self.testBcryptCost() { configuration.bcryptCost = cost }
    #endif
    return configuration
  }

  #if DEBUG
    /// A debug build's bcrypt cost from `LOTS_TEST_BCRYPT_COST` (4 to 12), for the browser
    /// tests, which sign up and in hundreds of times: at the production cost of 12 each hash
    /// took 0.4 s of a CPU, 318 of the suite's 3,800 CPU-seconds (docs/benchmarks.md). The
    /// hashing is the same; only its rounds differ. A release build never reads it: its cost is
    /// always 12.
    static func testBcryptCost() throws -> UInt8? {
      guard let text = ProcessInfo.processInfo.environment["LOTS_TEST_BCRYPT_COST"] else {
        return nil
      }
      guard let cost = UInt8(text), (4...12).contains(cost) else {
        throw ValidationError("LOTS_TEST_BCRYPT_COST must be 4 to 12, not '\(text)'")
      }
      return cost
    }
  #endif
}

/// A comma-separated list from the environment, its items trimmed (none when it is unset).
func environmentList(_ name: String) -> [String] {
  (ProcessInfo.processInfo.environment[name] ?? "").split(separator: ",").map {
    $0.trimmingCharacters(in: .whitespaces)
  }
}
