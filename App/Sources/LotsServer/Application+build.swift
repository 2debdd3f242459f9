import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOPosix
import ServiceLifecycle

/// Builds the LOTs server: opens (or creates) the database under the data directory, runs
/// migrations, seeds demo content if asked and the database is empty (its accounts before it
/// listens, its posts in the background), and wires the routes.
/// `lots serve` runs the result; tests drive it with HummingbirdTesting.
/// - Parameters:
///   - configuration: Address, data directory, policies.
///   - logger: The logger; one labelled `lots` by default.
///   - onServerRunning: Called with the bound port once the server listens.
/// - Throws: When the data directory or the database can't be opened.
public func buildApplication(
  _ configuration: ServerConfiguration, logger: Logger? = nil,
  onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
  var configuredLogger = logger ?? Logger(label: "lots")
  configuredLogger.logLevel = configuration.logLevel
  let logger = configuredLogger
  let services = try await makeServices(configuration, logger: logger)
  do {
    // The accounts now; the posts (a minute of photo drawing) while the server already answers.
    var background: [any Service] = []
    if configuration.seedDemoContent {
      var seeder = DemoSeeder(services: services, logger: logger)
      seeder.postCount = configuration.demoPostCount
      if let plan = try await seeder.prepare() {
        background.append(DemoSeeding(seeder: seeder, plan: plan))
      }
    }
    return try buildApplication(
      services, logger: logger, background: background, onServerRunning: onServerRunning)
  } catch {
    services.close()
    throw error
  }
}

/// The server over services already open (tests give some a store of their own), running
/// `background` services beside it.
func buildApplication(
  _ services: AppServices, logger: Logger, background: [any Service] = [],
  onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
  let configuration = services.configuration
  // Every GET answers HEAD too, without its body (a link checker or a proxy asks HEAD first).
  let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
  router.add(
    middleware: RequestLogMiddleware(
      metrics: configuration.metricsEnabled ? services.metrics : nil))
  router.add(
    middleware: SecurityHeadersMiddleware(
      imageOrigin: configuration.mapTiles.flatMap(MapTiles.origin)))
  router.add(middleware: ErrorMiddleware())
  router.add(middleware: CanonicalPathMiddleware())
  if let web = configuration.webDirectory,
    FileManager.default.fileExists(atPath: web.path)
  {
    let shell = AppShell(web: web, services: services)
    if let shell {
      router.add(middleware: NotFoundPageMiddleware(shell: shell))
      router.add(middleware: FirstScreenMiddleware(shell: shell))
    }
    router.add(middleware: ServiceWorkerScript(root: web))
    router.add(middleware: CompressedFilesMiddleware(root: web))
    router.add(middleware: FileMiddleware(web.path, searchForIndexHtml: true, logger: logger))
    shell?.register(on: router)
    FirstScreenStyleRoute().register(on: router)
  }
  HealthRoutes(services: services).register(on: router)
  if configuration.metricsEnabled { MetricsRoutes(services: services).register(on: router) }
  ImageRoutes(services: services).register(on: router)
  let api = router.group("api")
    .add(middleware: PrivateResponsesMiddleware())
    .add(middleware: SessionMiddleware(store: services.storage, cache: services.sessions))
    .add(middleware: SameOriginMiddleware())
  AccountRoutes(services: services).register(on: api)
  LeavingRoutes(services: services).register(on: api)
  PostRoutes(services: services).register(on: api)
  CommentRoutes(services: services).register(on: api)
  NotificationRoutes(services: services).register(on: api)
  FeedRoutes(services: services).register(on: api)
  RestaurantRoutes(services: services).register(on: api)
  ListRoutes(services: services).register(on: api)
  SearchRoutes(services: services).register(on: api)
  ModerationRoutes(services: services).register(on: api)
  ReviewRoutes(services: services).register(on: api)
  DemoRoutes(services: services).register(on: api)
  PrintRoutes(services: services).register(on: api)
  StreamRoutes(services: services).register(on: api)
  let connections = ConnectionCounts(
    limit: configuration.connectionsPerAddress, exempt: configuration.trustedProxies)
  let limits = ConnectionGuard.Limits(configuration)
  return Application(
    router: router,
    server: .http1(
      configuration: .init(
        additionalChannelHandlers: [ConnectionGuard(counts: connections, limits: limits)],
        idleTimeout: .nanoseconds(configuration.idleTimeout.nanoseconds))),
    configuration: .init(
      address: .hostname(configuration.host, port: configuration.port), serverName: "lots",
      availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
    // Shut down in reverse order: PostgreSQL's connections first in the list, so closed last,
    // after every service that may still be using them (a sweep in flight when a short test
    // ended waited for ever on a pool that had closed under it).
    services: [services.storage as? PostgresStorage].compactMap { $0 } + [
      services.hub, ChangeLogTrimmer(store: services.storage, hub: services.hub),
      SessionSweeper(store: services.storage),
      OrphanCollector(services: services, logger: logger),
      PrintFileSweeper(services: services, logger: logger),
      ExportSweeper(services: services, logger: logger),
      StreamClock(
        hub: services.hub,
        interval: StreamClock.interval(coalescing: configuration.coalescingInterval)),
    ] + background,
    onServerRunning: { channel in
      logger.info("listening on \(configuration.host):\(channel.localAddress?.port ?? 0)")
      // A deployment under its own name must say so (--host-name): others get 421.
      let names = configuration.hostNames.sorted().joined(separator: ", ")
      logger.info("answering requests for the host names \(names) (--host-name adds one)")
      await onServerRunning(channel.localAddress?.port ?? 0)
    },
    logger: logger)
}

/// Runs `body` over services opened for it alone (a command of the `lots` tool, a test), not
/// for a server, and closes them after, whether or not it throws.
func withServices<Result>(
  _ configuration: ServerConfiguration, logger: Logger,
  _ body: (AppServices) async throws -> Result
) async throws -> Result {
  let services = try await makeServices(configuration, logger: logger)
  defer { services.close() }
  return try await body(services)
}

/// Opens storage and starts the hub; `images` replaces the file store under
/// the data directory (tests inject faults through it).
func makeServices(
  _ configuration: ServerConfiguration, logger: Logger, images: (any ImageStore)? = nil
) async throws -> AppServices {
  let directory = configuration.dataDirectory
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  // The data (sessions' hashes, password hashes, everyone's photos) is the server's alone,
  // however the directory came to be.
  try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
  let storage: any Storage
  if let url = configuration.databaseURL {
    storage = try await PostgresStorage.open(
      url: DatabaseURL(url), policy: configuration.policy, logger: logger)
  } else {
    let path = directory.appendingPathComponent("lots.sqlite").path
    storage = try SQLiteStorage.open(path: path, policy: configuration.policy)
    for file in [path, path + "-wal", path + "-shm"]
    where FileManager.default.fileExists(atPath: file) {
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    }
  }
  do {
    let images =
      try images ?? FileImageStore(directory: directory.appendingPathComponent("images"))
    let services = AppServices(configuration: configuration, storage: storage, images: images)
    if !configuration.moderators.isEmpty {
      try await storage.setModerators(configuration.moderators)
    }
    try await services.hub.start()
    return services
  } catch {
    (storage as? PostgresStorage)?.close()
    throw error
  }
}
