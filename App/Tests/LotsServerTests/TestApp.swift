import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import LotsCore
import Testing

@testable import LotsServer

/// Builds a server on a fresh temporary data directory and runs a test against it in process.
enum TestApp {
  /// The PostgreSQL database of the server a test runs against (nil on SQLite).
  @TaskLocal static var databaseURL: DatabaseURL?

  /// A configuration for tests: cheap bcrypt, no rate limits unless asked, temp directory.
  static func configuration() -> ServerConfiguration {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-test-\(UUID().uuidString)")
    var configuration = ServerConfiguration(dataDirectory: directory)
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.bcryptCost = 4
    configuration.rateLimits = .unlimited
    configuration.logLevel = .error
    configuration.policy = .suites
    return configuration
  }

  /// Runs `test` against the router, without sockets (or, with `.live`, over loopback HTTP:
  /// the peer address is then 127.0.0.1).
  static func run(
    _ change: ConfigurationChange = .none, over testing: TestingSetup = .router,
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    var configuration = configuration()
    change.apply(&configuration)
    defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
    try await onServerBackend(configuration) { configuration in
      try await buildApplication(configuration).test(testing, test)
    }
  }

  /// Runs `test` against the router over services it may also use directly (to set up what no
  /// route makes, such as a print store and its staff).
  static func runWithServices(
    _ change: ConfigurationChange = .none,
    _ test: @escaping @Sendable (any TestClientProtocol, AppServices) async throws -> Void
  ) async throws {
    var configuration = configuration()
    change.apply(&configuration)
    defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
    try await onServerBackend(configuration) { configuration in
      try await withServices(configuration, logger: Logger(label: "test")) { services in
        try await buildApplication(services, logger: Logger(label: "test")).test(.router) {
          try await test($0, services)
        }
      }
    }
  }

  /// Runs `test` with a demo seeder of `users` users and `posts` posts over the services of a
  /// fresh data directory, not seeded yet; without a server.
  static func withSeeder(
    users: Int, posts: Int, _ test: (DemoSeeder) async throws -> Void
  ) async throws {
    let configuration = configuration()
    defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
    func seed(_ configuration: ServerConfiguration) async throws {
      try await withServices(configuration, logger: Logger(label: "test")) { services in
        var seeder = DemoSeeder(services: services, logger: Logger(label: "test"))
        (seeder.userCount, seeder.postCount) = (users, posts)
        try await test(seeder)
      }
    }
    try await onServerBackend(configuration, seed)
  }

  /// Runs `body` with `configuration` on the backend the suites run on (`StoreBackend.server`):
  /// as it is on SQLite; on PostgreSQL with a new database of its own (``databaseURL``).
  /// Every way a suite starts a server goes through here (``LiveServer`` too), so that a pass
  /// with `LOTS_TEST_BACKEND=postgres` runs each of them on PostgreSQL.
  static func onServerBackend(
    _ configuration: ServerConfiguration,
    _ body: (ServerConfiguration) async throws -> Void
  ) async throws {
    guard StoreBackend.server == .postgres else { return try await body(configuration) }
    try await StoreBackend.withPostgresDatabase(migrated: true) { url in
      var configuration = configuration
      configuration.databaseURL = url.text
      try await TestApp.$databaseURL.withValue(url) { try await body(configuration) }
    }
  }
}

extension TestClientProtocol {
  /// Sends JSON and returns the response.
  func send(
    _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, token: String? = nil,
    headers: HTTPFields = [:]
  ) async throws -> TestResponse {
    var fields = headers
    if json != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
    if let token { fields[.authorization] = "Bearer \(token)" }
    return try await execute(
      uri: uri, method: method, headers: fields, body: json.map { ByteBuffer(string: $0) })
  }

  /// Signs up a user and returns the session.
  func signUp(_ name: String, password: String = "password1") async throws -> Session {
    let response = try await send(
      .post, "/api/accounts", json: #"{"username":"\#(name)","password":"\#(password)"}"#)
    #expect(response.status == .created, "sign up \(name): \(response.text)")
    return try response.decode(Session.self)
  }

  /// Creates a post with a generated photo (or the given bytes).
  func createPost(
    token: String?, photo: [UInt8]? = nil, fields: [String: String] = [:],
    photoName: String = "photo"
  ) async throws -> TestResponse {
    let bytes = try photo ?? SyntheticPhoto.make(width: 64, height: 48)
    var form = ["restaurant": "Pho Real", "mealDate": "2026-11-20", "caption": "Lunch"]
    for (key, value) in fields { form[key] = value }
    let body = Multipart.body(fields: form.filter { !$0.value.isEmpty }, file: (photoName, bytes))
    var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(Multipart.boundary)"]
    if let token { headers[.authorization] = "Bearer \(token)" }
    return try await execute(uri: "/api/posts", method: .post, headers: headers, body: body)
  }

  /// Creates a post and decodes it, expecting success.
  func post(token: String, caption: String = "Lunch") async throws -> Post {
    let response = try await createPost(token: token, fields: ["caption": caption])
    #expect(response.status == .created, "\(response.text)")
    return try response.decode(Post.self)
  }
}

extension TestResponse {
  /// The body as text.
  var text: String { String(buffer: body) }

  /// Decodes the JSON body.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONCoding.decoder().decode(T.self, from: Data(buffer: body))
  }

  /// The message of a JSON error body.
  var errorMessage: String? { try? decode(ErrorBody.self).error.message }
}

/// Builds multipart bodies.
enum Multipart {
  static let boundary = "lots-test-boundary-42"

  static func body(
    fields: [String: String], file: (String, [UInt8])?, filename: String = "a.jpg"
  ) -> ByteBuffer {
    var buffer = ByteBuffer()
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
      buffer.writeString(
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
    }
    if let (name, bytes) = file {
      buffer.writeString(
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n"
          + "Content-Type: image/jpeg\r\n\r\n")
      buffer.writeBytes(bytes)
      buffer.writeString("\r\n")
    }
    buffer.writeString("--\(boundary)--\r\n")
    return buffer
  }

  /// A body of `parts` in order: a part with a file name is a file.
  static func body(parts: [(name: String, bytes: [UInt8], filename: String?)]) -> ByteBuffer {
    var buffer = ByteBuffer()
    for part in parts {
      let disposition =
        part.filename.map { "; filename=\"\($0)\"\r\nContent-Type: image/jpeg" } ?? ""
      buffer.writeString(
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"\(disposition)\r\n\r\n"
      )
      buffer.writeBytes(part.bytes)
      buffer.writeString("\r\n")
    }
    buffer.writeString("--\(boundary)--\r\n")
    return buffer
  }
}
