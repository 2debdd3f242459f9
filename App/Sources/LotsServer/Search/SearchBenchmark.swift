import Foundation
import GRDB
import Logging
import LotsCore
import PostgresNIO

/// Search at scale (`lots bench-search`): a database of `posts` posts at `restaurants`
/// restaurants, written in bulk, then the server's time (storage and JSON) for a word, a
/// word being typed, two words, and the suggestions, against a first page of the main feed
/// measured in the same run.
public enum SearchBenchmark {
  /// Words dishes are made of, so that queries meet realistic posting lists.
  static let dishes = [
    "ramen", "pho", "curry", "sushi", "burger", "salad", "taco", "burrito", "pasta", "pizza",
    "dumplings", "bibimbap", "falafel", "kebab", "risotto", "noodles", "soup", "sandwich",
    "bowl", "poke", "laksa", "udon", "soba", "tempura", "shawarma", "gyoza", "paella",
    "lasagne", "gnocchi", "tagine",
  ]
  static let modifiers = [
    "miso", "spicy", "green", "beef", "chicken", "tofu", "vegan", "grilled", "crispy", "smoked",
    "lemon", "garlic", "sesame", "coconut", "chili", "mushroom", "pork", "salmon", "tuna",
    "halloumi",
  ]
  static let places = [
    "house", "kitchen", "bar", "corner", "garden", "table", "canteen", "diner", "express",
    "street", "cafe", "grill", "yard", "box", "club",
  ]
  static let areas = [
    "Mitte", "Kreuzberg", "Neukölln", "Friedrichshain", "Wedding", "Moabit", "Schöneberg",
    "Charlottenburg", "Prenzlauer Berg", "Pankow",
  ]

  /// Builds the database and measures. `databaseURL` nil: SQLite in a temporary directory
  /// (removed after); else an empty PostgreSQL database.
  public static func run(
    databaseURL: String?, posts: Int, restaurants: Int, rounds: Int
  ) async throws -> String {
    let logger = Logger(label: "bench-search")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-bench-search-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let storage: any Storage
    let started = Date()
    if let databaseURL {
      let postgres = try await PostgresStorage.open(
        url: try DatabaseURL(databaseURL), logger: logger)
      defer { postgres.close() }
      try await fill(postgres, posts: posts, restaurants: restaurants)
      return try await measure(
        postgres, backend: "PostgreSQL", rounds: rounds, built: Date().timeIntervalSince(started))
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let sqlite = try SQLiteStorage.open(path: directory.appendingPathComponent("lots.sqlite").path)
    try await fill(sqlite, posts: posts, restaurants: restaurants)
    storage = sqlite
    return try await measure(
      storage, backend: "SQLite", rounds: rounds, built: Date().timeIntervalSince(started))
  }

  /// One post's text: (caption, restaurant index).
  static func post(_ index: Int, restaurants: Int) -> (String, Int) {
    var random = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    func pick(_ words: [String]) -> String { words[Int(random.next() % UInt64(words.count))] }
    var caption = "\(pick(modifiers)) \(pick(dishes)), \(pick(modifiers)) side"
    // A rare word (one post in 997), and one common among the oldest posts only (one in 10 of
    // the first 50,000): none among the newest, so the search must reach far back for them.
    if index % 997 == 0 { caption += " with saffron" }
    if index % 10 == 0 && index < 50_000 { caption += ", pumpkin" }
    return (caption, index % restaurants)
  }

  static func restaurant(_ index: Int) -> (String, String) {
    var random = SplitMix64(seed: UInt64(index) &* 0xD1B5_4A32_D192_ED03 &+ 7)
    func pick(_ words: [String]) -> String { words[Int(random.next() % UInt64(words.count))] }
    let name = "\(pick(dishes).capitalized) \(pick(places).capitalized) \(index)"
    return (name, pick(areas))
  }

  private static func fill(_ storage: SQLiteStorage, posts: Int, restaurants: Int) async throws {
    let author = try await storage.createUser(username: "bench", passwordHash: "x", now: Date())
    try await storage.writer.write { db in
      for index in 0..<restaurants {
        let (name, area) = restaurant(index)
        try db.execute(
          sql: """
            INSERT INTO restaurant (id, name, area, nameKey, areaKey, createdAt)
            VALUES (?, ?, ?, ?, ?, 0)
            """,
          arguments: [index + 1, name, area, TextFolding.key(name), TextFolding.key(area)])
      }
      for index in 0..<posts {
        let (caption, place) = post(index, restaurants: restaurants)
        let (name, area) = restaurant(place)
        try db.execute(
          sql: """
            INSERT INTO post (id, authorId, caption, restaurant, restaurantId, area, mealDate,
              createdAt, width, height, color, originalKey, displayKey, thumbnailKey)
            VALUES (?, ?, ?, ?, ?, ?, '2026-11-01', ?, 600, 800, '#808080', 'a', 'b', 'c')
            """,
          arguments: [index + 1, author.id, caption, name, place + 1, area, index])
        try db.execute(
          sql: "INSERT INTO postSearch (rowid, body) VALUES (?, ?)",
          arguments: [
            index + 1, SearchQuery.document(caption: caption, restaurant: name, area: area),
          ])
      }
    }
  }

  private static func fill(_ storage: PostgresStorage, posts: Int, restaurants: Int)
    async throws
  {
    let author = try await storage.createUser(username: "bench", passwordHash: "x", now: Date())
    let chunk = 5_000
    for start in stride(from: 0, to: restaurants, by: chunk) {
      let range = start..<min(start + chunk, restaurants)
      let rows = range.map(restaurant)
      try await storage.query(
        """
        INSERT INTO restaurant (id, name, area, nameKey, areaKey, createdAt)
        OVERRIDING SYSTEM VALUE
        SELECT id, name, area, nameKey, areaKey, 0 FROM unnest(
          \(range.map { Int64($0 + 1) }), \(rows.map(\.0)), \(rows.map(\.1)),
          \(rows.map { TextFolding.key($0.0) }), \(rows.map { TextFolding.key($0.1) }))
          AS r(id, name, area, nameKey, areaKey)
        """)
    }
    for start in stride(from: 0, to: posts, by: chunk) {
      let range = start..<min(start + chunk, posts)
      let made = range.map { post($0, restaurants: restaurants) }
      let places = made.map { restaurant($0.1) }
      let documents = zip(made, places).map {
        SearchQuery.document(caption: $0.0.0, restaurant: $0.1.0, area: $0.1.1)
      }
      let ids = range.map { Int64($0 + 1) }
      try await storage.query(
        """
        INSERT INTO post (id, authorId, caption, restaurant, restaurantId, area, mealDate,
          createdAt, width, height, color, originalKey, displayKey, thumbnailKey)
        OVERRIDING SYSTEM VALUE
        SELECT id, \(author.id), caption, restaurant, restaurantId, area, '2026-11-01', id, 600,
          800, '#808080', 'a', 'b', 'c'
        FROM unnest(\(ids), \(made.map(\.0)), \(places.map(\.0)),
          \(made.map { Int64($0.1 + 1) }), \(places.map(\.1)))
          AS p(id, caption, restaurant, restaurantId, area)
        """)
      try await storage.query(
        """
        INSERT INTO postSearch (postId, body)
        SELECT id, to_tsvector('simple', document) FROM unnest(\(ids), \(documents))
          AS s(id, document)
        """)
    }
    // As autovacuum would within a minute of a bulk write: measured while it ran, every
    // query's tail was its.
    try await storage.query("VACUUM ANALYZE")
  }

  private static func measure(
    _ storage: any Storage, backend: String, rounds: Int, built: Double
  ) async throws -> String {
    var lines = [String(format: "%@: database built in %.1f s", backend, built)]
    func time(_ label: String, _ body: () async throws -> Int) async throws -> Double {
      var samples: [Double] = []
      var found = 0
      for round in 0..<(rounds + 20) {
        let start = ContinuousClock.now
        found = try await body()
        let elapsed = ContinuousClock.now - start
        if round >= 20 {
          samples.append(
            Double(elapsed.components.seconds) * 1000
              + Double(elapsed.components.attoseconds) / 1e15)
        }
      }
      samples.sort()
      let p50 = samples[samples.count / 2]
      let p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
      lines.append(
        "  " + label.padding(toLength: 40, withPad: " ", startingAt: 0)
          + String(format: " p50 %7.3f ms  p99 %7.3f ms  (%d results)", p50, p99, found))
      return p99
    }
    let encoder = JSONEncoder()
    let baseline = try await time("baseline: main feed, first page of 30") {
      let page = try await storage.page(.main, viewerID: nil, cursor: nil, limit: 30, now: Date())
      return try encoder.encode(page).count > 0 ? page.items.count : 0
    }
    var worst = 0.0
    for (label, text) in [
      ("posts: a word (ramen)", "ramen"), ("posts: typing r", "r"), ("posts: typing ra", "ra"),
      ("posts: typing ram", "ram"), ("posts: two words (miso ramen)", "miso ramen"),
      ("posts: a rare word (saffron)", "saffron"), ("posts: an old word (pumpkin)", "pumpkin"),
      ("posts: no match (zzz)", "zzz"),
    ] {
      let query = try SearchQuery(text)
      worst = max(
        worst,
        try await time(label) {
          let page = try await storage.searchPosts(query, viewerID: nil, before: nil, limit: 30)
          return try encoder.encode(page).count > 0 ? page.items.count : 0
        })
    }
    for (label, text) in [("suggestions: typing ra", "ra"), ("suggestions: miso r", "miso r")] {
      let query = try SearchQuery(text)
      worst = max(
        worst,
        try await time(label) {
          let restaurants = try await storage.restaurants(
            matching: query.words.joined(separator: " "), limit: 5)
          let people = try await storage.searchPeople(query, viewerID: nil, limit: 5)
          let body = SearchSuggestions(
            words: query.words, restaurants: restaurants, people: people)
          return try encoder.encode(body).count > 0 ? restaurants.count + people.count : 0
        })
    }
    lines.append(
      String(format: "  worst p99 %.3f ms = %.1f× the feed page's p99", worst, worst / baseline))
    return lines.joined(separator: "\n")
  }
}
