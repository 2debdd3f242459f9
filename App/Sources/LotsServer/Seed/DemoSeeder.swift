import CVips
import Foundation
import HummingbirdBcrypt
import Logging
import NIOPosix

/// Fills an empty database with demo users, photo posts of lunches (drawn locally by
/// ``LunchPhoto``, no network) with varied captions, restaurants and meal dates, and likes,
/// deterministically from a seed.
struct DemoSeeder {
  let services: AppServices
  let logger: Logger
  var userCount = 12
  var postCount = 210
  var seed: UInt64 = 20_261_121

  /// A new password for the demo accounts, made at seeding: never a constant in the source,
  /// where anyone could read it and sign in as a demo user of a server left running.
  static func makePassword() -> String {
    let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
    var generator = SystemRandomNumberGenerator()
    return String((0..<16).map { _ in alphabet.randomElement(using: &generator)! })
  }

  static let names = [
    "ana", "bruno", "chen", "dara", "emeka", "fatima", "goran", "hana", "ines", "jonas", "kemal",
    "lucia", "mateo", "noor", "olga", "priya",
  ]
  static let restaurants = [
    "Pho Real", "Curry Up", "Wok This Way", "Thai Tanic", "Lettuce Eat", "The Daily Grind",
    "Bao Down", "Taco 'Bout It", "Pasta La Vista", "Brew & Bread", "Sushi Zen", "Kebab Corner",
    "Ramen Ya", "Seoul Food", "Poke Stop", "Green Table", "Toast & Co", "Canteen 42",
    "Mama's Kitchen", "Noodle Bar Kiyo",
  ]
  /// What people add after the dish's name (empty: the name alone; nil: no caption at all).
  static let remarks: [String?] = [
    "best lunch this week", "spicy!", "worth the queue", "quick bite between meetings",
    "comfort food", "new place, would go again", nil, "Friday treat", "too good to share", "",
    "with the team", "rainy day special", "", "second time this month", "the portion was huge",
    nil, "eaten at my desk, no regrets", "",
  ]
  static let aspects: [(Int, Int)] = [
    (600, 600), (600, 750), (600, 900), (900, 600), (540, 960), (800, 600), (480, 720),
  ]

  /// Seeds only when there are no users yet.
  /// - Returns: The demo accounts' password (new each time), or nil when it did not seed.
  @discardableResult
  func seedIfEmpty() async throws -> String? {
    guard try await services.storage.account(named: Self.names[0]) == nil,
      try await services.storage.currentSequence() == 0
    else { return nil }
    logger.info("seeding demo content: \(userCount) users, \(postCount) posts")
    var random = SplitMix64(seed: seed)
    let cost = services.configuration.bcryptCost
    let password = Self.makePassword()
    let hash = try await NIOThreadPool.singleton.runIfActive {
      Bcrypt.hash(password, cost: cost)
    }
    var users: [Int64] = []
    let start = Date().addingTimeInterval(-Double(postCount) * 1_800)
    for index in 0..<userCount {
      let user = try await services.storage.createUser(
        username: name(at: index), passwordHash: hash, now: start)
      users.append(user.id)
    }
    var posts: [Int64] = []
    let photos = try await makePhotos(&random)
    for (index, photo) in photos.enumerated() {
      let day = Calendar(identifier: .gregorian).dateComponents(
        [.year, .month, .day], from: start.addingTimeInterval(Double(index) * 1_800))
      let remark = Self.remarks[Int(random.next() % UInt64(Self.remarks.count))]
      let caption = remark.map { $0.isEmpty ? photo.dish : "\(photo.dish), \($0)" } ?? ""
      // Most lunches are posted the day they are eaten; some a day or two later.
      let late = [0, 0, 0, 0, 1, 2][Int(random.next() % 6)]
      let eaten = Calendar(identifier: .gregorian).date(
        from: DateComponents(year: day.year, month: day.month, day: day.day! - late))!
      let date = Calendar(identifier: .gregorian).dateComponents(
        [.year, .month, .day], from: eaten)
      let new = NewPost(
        authorID: users[Int(random.next() % UInt64(users.count))], caption: caption,
        restaurant: Self.restaurants[Int(random.next() % UInt64(Self.restaurants.count))],
        mealDate: String(format: "%04d-%02d-%02d", date.year!, date.month!, date.day!),
        width: photo.width, height: photo.height, color: photo.color,
        originalKey: photo.keys[0], displayKey: photo.keys[1], thumbnailKey: photo.keys[2])
      let post = try await services.storage.insertPost(
        new, now: start.addingTimeInterval(Double(index) * 1_800))
      posts.append(post.id)
    }
    for post in posts {
      for user in users where random.next() % 4 == 0 {
        _ = try await services.storage.setLike(true, postID: post, userID: user, now: Date())
      }
    }
    logger.info("seeded \(posts.count) posts")
    try writePassword(password, names: users.indices.map(name(at:)))
    return password
  }

  /// The demo user name at `index`.
  func name(at index: Int) -> String {
    Self.names[index % Self.names.count] + (index < Self.names.count ? "" : "\(index)")
  }

  /// Tells whoever started the server how to sign in as a demo user: the log, and a file only
  /// the server's user can read (`demo-password.txt` in the data directory).
  func writePassword(_ password: String, names: [String]) throws {
    let file = services.configuration.dataDirectory.appendingPathComponent("demo-password.txt")
    let text = "Demo accounts \(names.joined(separator: ", ")) share the password \(password)\n"
    FileManager.default.createFile(
      atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    logger.notice(
      "demo accounts (\(names.first ?? "")…) share the password \(password) (\(file.path))")
  }

  /// A stored demo photo.
  struct StoredPhoto: Sendable {
    var keys: [String]
    var width: Int
    var height: Int
    var color: String
    /// The dish the photo shows.
    var dish: String
  }

  /// Generates, processes and stores every demo photo, on all cores, in a seeded order.
  func makePhotos(_ random: inout SplitMix64) async throws -> [StoredPhoto] {
    let specs = (0..<postCount).map { _ in
      let (width, height) = Self.aspects[Int(random.next() % UInt64(Self.aspects.count))]
      return (width, height, random.next())
    }
    let services = services
    return try await withThrowingTaskGroup(of: (Int, StoredPhoto).self) { group in
      var stored = [StoredPhoto?](repeating: nil, count: specs.count)
      var next = 0
      func add() {
        guard next < specs.count else { return }
        let (index, (width, height, seed)) = (next, specs[next])
        next += 1
        group.addTask {
          try await NIOThreadPool.singleton.runIfActive {
            var lunch = LunchPhoto(width: width, height: height, seed: seed)
            let processed = try services.pipeline.process(try lunch.jpeg())
            let keys = try [processed.original, processed.display, processed.thumbnail].map {
              try services.images.put($0.bytes, fileExtension: $0.fileExtension)
            }
            return (
              index,
              StoredPhoto(
                keys: keys, width: processed.original.width, height: processed.original.height,
                color: processed.color, dish: lunch.dish.name)
            )
          }
        }
      }
      for _ in 0..<max(2, ProcessInfo.processInfo.activeProcessorCount) { add() }
      while let (index, photo) = try await group.next() {
        stored[index] = photo
        add()
      }
      return stored.compactMap { $0 }
    }
  }
}

/// A small, fast, seeded generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Opens the data directory, migrates, and seeds demo content if the database is empty.
/// - Returns: The demo accounts' password, or nil when the database had content.
public func seedDemoContent(_ configuration: ServerConfiguration, logger: Logger) async throws
  -> String?
{
  var configuration = configuration
  configuration.seedDemoContent = false
  let services = try await makeServices(configuration, logger: logger)
  return try await DemoSeeder(services: services, logger: logger).seedIfEmpty()
}
