import Foundation
import Logging
import LotsCore

/// The stores near a college at scale (`lots bench-print`): `stores` stores spread evenly over
/// a square 14 km wide around the college (half of them inside the 5 km box a query reads),
/// a thousand of them with an order in the queue; then the server's time for the list (query,
/// distances, JSON), against reading the college by its id in the same run.
public enum PrintBenchmark {
  /// Builds the database and measures. `databaseURL` nil: SQLite in a temporary directory;
  /// else an empty PostgreSQL database.
  public static func run(databaseURL: String?, stores: Int, rounds: Int) async throws -> String {
    let logger = Logger(label: "bench-print")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-bench-print-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    if let databaseURL {
      let postgres = try await PostgresStorage.open(
        url: try DatabaseURL(databaseURL), logger: logger)
      defer { postgres.close() }
      return try await measure(postgres, backend: "PostgreSQL", stores: stores, rounds: rounds)
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let sqlite = try SQLiteStorage.open(path: directory.appendingPathComponent("lots.sqlite").path)
    return try await measure(sqlite, backend: "SQLite", stores: stores, rounds: rounds)
  }

  private static func measure(
    _ storage: any Storage, backend: String, stores: Int, rounds: Int
  ) async throws -> String {
    let center = GeoPoint(latitude: 52.5180, longitude: 13.3934)
    let college = try await storage.addCollege(
      name: "Bench University", latitude: center.latitude, longitude: center.longitude)
    let student = try await storage.createUser(username: "bench", passwordHash: "x", now: Date())
    let clerk = try await storage.createUser(username: "clerk", passwordHash: "x", now: Date())
    _ = try await storage.topUp(
      accountID: student.id, amount: PrintLimits.topUp, staffID: clerk.id, now: Date())
    let side = Int(Double(stores).squareRoot().rounded(.up))
    let degrees = 14_000.0 / 111_195.0
    var ids: [Int64] = []
    for index in 0..<stores {
      let (row, column) = (index / side, index % side)
      let latitude = center.latitude - degrees / 2 + degrees * Double(row) / Double(side)
      let longitude =
        center.longitude - degrees / 2 / 0.61 + degrees / 0.61 * Double(column) / Double(side)
      ids.append(
        try await storage.addPrintStore(
          NewPrintStore(
            name: "Store \(index)", address: "Street \(index)", latitude: latitude,
            longitude: longitude, prices: DemoSeeder.prices(base: 8), pagesPerMinute: 30,
            holdingHours: 48, hours: DemoSeeder.hours(allDay: true), timeZone: "Europe/Berlin")))
    }
    for index in stride(from: 0, to: ids.count, by: max(1, ids.count / 1_000)) {
      let quote = PrintQuote(
        storeID: ids[index], lines: [], binding: .none, bindingPrice: 0, total: 10,
        currency: "EUR", token: "")
      _ = try await storage.placeOrder(
        NewPrintOrder(accountID: student.id, quote: quote, pages: 12, key: "k\(index)"),
        now: Date())
    }
    try await storage.setFavourite(
      true, storeID: ids[ids.count / 3], accountID: student.id, now: Date())
    let box = GeoBox(around: center, radius: PrintRoutesLimits.radius)
    let clock = ContinuousClock()
    var near: [Duration] = []
    var query: [Duration] = []
    var wholeBox: [Duration] = []
    var baseline: [Duration] = []
    var listed = 0
    for _ in 0..<rounds {
      query.append(
        try await clock.measure {
          _ = try await PrintShops.near(
            center, radius: PrintRoutesLimits.radius, viewerID: student.id,
            limit: PrintRoutesLimits.listed, storage: storage, now: Date())
        })
      wholeBox.append(
        try await clock.measure {
          _ = try await storage.printShopRows(
            in: box, center: center, viewerID: student.id, limit: PrintRoutesLimits.listed)
        })
      near.append(
        try await clock.measure {
          let shops = try await PrintShops.near(
            center, radius: PrintRoutesLimits.radius, viewerID: student.id,
            limit: PrintRoutesLimits.listed, storage: storage, now: Date())
          listed = shops.count
          _ = try JSONCoding.shared.encode(shops)
        })
      baseline.append(
        try await clock.measure {
          _ = try JSONCoding.shared.encode(try await storage.college(id: college))
        })
    }
    func quantile(_ values: [Duration], _ q: Double) -> String {
      let sorted = values.sorted()
      let value = sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
      return String(format: "%.3f ms", Double(value.nanoseconds) / 1_000_000)
    }
    return """
      \(backend): \(stores) stores, \(listed) listed of those within 5 km, \(rounds) rounds
        the query (growing boxes, starred stores): p50 \(quantile(query, 0.5)), p99 \(quantile(query, 0.99))
        one query over the whole 5 km box: p50 \(quantile(wholeBox, 0.5)), p99 \(quantile(wholeBox, 0.99))
        the list (query, distances, JSON): p50 \(quantile(near, 0.5)), p99 \(quantile(near, 0.99))
        baseline, a college by id: p50 \(quantile(baseline, 0.5)), p99 \(quantile(baseline, 0.99))
      """
  }
}
