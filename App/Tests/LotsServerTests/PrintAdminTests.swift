import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import LotsCore
import Testing

@testable import LotsServer

/// The operator's side of Booster: `lots print grant-staff` makes (and unmakes) an account a
/// store's staff, refusing a name or store that is not there; `lots serve --map-tiles` lets
/// the page's map draw a deployment's tiles and nothing else from elsewhere.
@Suite struct PrintAdminTests {
  @Test func grantingStaffMakesTheConsoleTheirsAndRevokingTakesItBack() async throws {
    try await TestApp.withSeeder(users: 0, posts: 0) { seeder in
      let services = seeder.services
      let configuration = services.configuration
      let logger = Logger(label: "test")
      let storage = services.storage
      let store = try await storage.addPrintStore(PrintStoreTests.store("Copy", 52.5, 13.4))
      let clerk = try await storage.createUser(username: "clerk", passwordHash: "h", now: Date())
      let said = try await PrintAdmin.grantStaff(
        configuration, username: "clerk", storeID: store, logger: logger)
      #expect(said == "clerk is staff of store \(store) (Copy) now")
      #expect(try await storage.staffStoreID(accountID: clerk.id) == store)
      #expect(
        try await PrintAdmin.stores(configuration, logger: logger).contains { line in
          line.hasPrefix("\(store)\tCopy\t")
        })
      // Someone no account is called: a clear error, nothing changed.
      await #expect(throws: AppError.self) {
        _ = try await PrintAdmin.grantStaff(
          configuration, username: "nobody", storeID: store, logger: logger)
      }
      let revoked = try await PrintAdmin.grantStaff(
        configuration, username: "clerk", storeID: nil, logger: logger)
      #expect(revoked == "clerk is staff of no store now")
      #expect(try await storage.staffStoreID(accountID: clerk.id) == nil)
    }
  }

  @Test(arguments: [
    ("https://tile.example.org/{z}/{x}/{y}.png", "https://tile.example.org"),
    ("http://127.0.0.1:8088/tiles/{z}/{x}/{y}.png", "http://127.0.0.1:8088"),
  ])
  func aTileTemplateNamesTheOriginImagesMayComeFrom(template: String, origin: String) {
    #expect(MapTiles.origin(template) == origin)
  }

  @Test(arguments: [
    "https://tile.example.org/{z}/{x}.png", "ftp://tile.example.org/{z}/{x}/{y}.png",
    "javascript:alert(1)//{z}{x}{y}", "https://ti le.example.org/{z}/{x}/{y}.png",
    "https://'self'/{z}/{x}/{y}", "/{z}/{x}/{y}.png", "",
  ])
  func anythingElseIsNoTileTemplate(template: String) {
    #expect(MapTiles.origin(template) == nil)
  }

  @Test func theMapsTilesReachThePageAndItsPolicy() async throws {
    let tiles = "https://tile.example.org/{z}/{x}/{y}.png"
    try await TestApp.run(.with { $0.mapTiles = tiles }) { client in
      let map = try await client.send(.get, "/api/print/map")
      #expect(try map.decode(PrintMap.self).tiles == tiles)
      let policy = map.headers[.contentSecurityPolicy] ?? ""
      #expect(policy.contains("img-src 'self' data: blob: https://tile.example.org"), "\(policy)")
    }
    try await TestApp.run { client in
      let map = try await client.send(.get, "/api/print/map")
      #expect(try map.decode(PrintMap.self).tiles == nil)
      #expect(map.headers[.contentSecurityPolicy]?.contains("tile.example.org") == false)
    }
  }
}
