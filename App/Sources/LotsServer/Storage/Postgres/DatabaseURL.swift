import Foundation
import NIOSSL
import PostgresNIO

/// A PostgreSQL address as operators write it, `postgres://user[:password]@host[:port]/database`
/// (`postgresql://` too; `?sslmode=disable|prefer|require` and `connect_timeout=SECONDS`, as libpq
/// reads them), turned into PostgresNIO's client configuration.
struct DatabaseURL: Sendable, Equatable {
  var host: String
  var port: Int
  var username: String
  var password: String?
  var database: String
  var tls: TLSMode
  /// How long one connection may take to be made and accepted (`connect_timeout`, 1 to 3,600
  /// seconds; 5 unless the URL says). A server that is busy, not gone, may need longer.
  var connectTimeout: Duration = .seconds(5)

  /// Whether to encrypt the connection (`sslmode`): `prefer` unless the URL says.
  enum TLSMode: String, Sendable {
    case disable, prefer, require
  }

  /// - Throws: ``AppError`` naming what is wrong (scheme, host, user, database, `sslmode` or
  ///   `connect_timeout`).
  init(_ text: String) throws {
    func bad(_ why: String) -> AppError { AppError(.badRequest, "database URL: \(why)") }
    guard let parts = URLComponents(string: text) else { throw bad("not a URL") }
    guard parts.scheme == "postgres" || parts.scheme == "postgresql" else {
      throw bad("the scheme must be postgres:// or postgresql://")
    }
    guard let host = parts.host, !host.isEmpty else { throw bad("no host") }
    guard let user = parts.user, !user.isEmpty else { throw bad("no user name") }
    let database = String(parts.path.drop(while: { $0 == "/" }))
    guard !database.isEmpty, !database.contains("/") else { throw bad("no database name") }
    var tls = TLSMode.prefer
    for item in parts.queryItems ?? [] where item.name == "sslmode" {
      guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
        throw bad("sslmode must be disable, prefer or require")
      }
      tls = mode
    }
    var connectTimeout = Duration.seconds(5)
    for item in parts.queryItems ?? [] where item.name == "connect_timeout" {
      guard let seconds = item.value.flatMap({ Int($0) }), (1...3600).contains(seconds) else {
        throw bad("connect_timeout must be a whole number of seconds from 1 to 3600")
      }
      connectTimeout = .seconds(seconds)
    }
    self.host = host
    self.port = parts.port ?? 5432
    self.username = user.removingPercentEncoding ?? user
    self.password = parts.password.map { $0.removingPercentEncoding ?? $0 }
    self.database = database.removingPercentEncoding ?? database
    self.tls = tls
    self.connectTimeout = connectTimeout
  }

  /// The address as text again (what ``init(_:)`` reads).
  var text: String {
    var parts = URLComponents()
    parts.scheme = "postgres"
    parts.user = username
    parts.password = password
    parts.host = host
    parts.port = port
    parts.path = "/" + database
    var items: [URLQueryItem] = []
    if tls != .prefer { items.append(URLQueryItem(name: "sslmode", value: tls.rawValue)) }
    if connectTimeout != .seconds(5) {
      items.append(
        URLQueryItem(name: "connect_timeout", value: String(connectTimeout.components.seconds)))
    }
    if !items.isEmpty { parts.queryItems = items }
    return parts.string ?? ""
  }

  /// The configuration of a connection of its own (outside the pool).
  func connectionConfiguration() throws -> PostgresConnection.Configuration {
    let mode: PostgresConnection.Configuration.TLS
    switch tls {
    case .disable: mode = .disable
    case .prefer: mode = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
    case .require: mode = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
    }
    var configuration = PostgresConnection.Configuration(
      host: host, port: port, username: username, password: password, database: database,
      tls: mode)
    configuration.options.connectTimeout = TimeAmount(connectTimeout)
    return configuration
  }

  /// The client's configuration: at most `connections` connections to the server.
  func configuration(connections: Int) -> PostgresClient.Configuration {
    let mode: PostgresClient.Configuration.TLS
    switch tls {
    case .disable: mode = .disable
    case .prefer: mode = .prefer(.makeClientConfiguration())
    case .require: mode = .require(.makeClientConfiguration())
    }
    var configuration = PostgresClient.Configuration(
      host: host, port: port, username: username, password: password, database: database,
      tls: mode)
    configuration.options.maximumConnections = connections
    configuration.options.connectTimeout = connectTimeout
    return configuration
  }
}
