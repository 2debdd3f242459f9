import CVips
import Foundation
import HummingbirdBcrypt
import Logging
import LotsCore
import NIOPosix

/// Fills an empty database with demo users (the first moderates), photo posts of lunches
/// (drawn locally by ``LunchPhoto``, no network) with varied captions, restaurants and meal
/// dates, and likes, deterministically from a seed: each post from its own generator, so a
/// seeding stopped half-way goes on where it was.
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
  /// The demo's restaurants: name, area and, for some, where they are (Berlin).
  static let restaurants: [(name: String, area: String, position: GeoPoint?)] = [
    ("Phở Real", "Kreuzberg", GeoPoint(latitude: 52.4986, longitude: 13.4184)),
    ("Curry Up", "Mitte", GeoPoint(latitude: 52.5247, longitude: 13.4024)),
    ("Wok This Way", "Friedrichshain", nil),
    ("Thai Tanic", "Neukölln", GeoPoint(latitude: 52.4811, longitude: 13.4350)),
    ("Lettuce Eat", "Prenzlauer Berg", nil),
    ("The Daily Grind", "Mitte", GeoPoint(latitude: 52.5219, longitude: 13.4132)),
    ("Bao Down", "Kreuzberg", nil),
    ("Taco 'Bout It", "Neukölln", GeoPoint(latitude: 52.4870, longitude: 13.4245)),
    ("Pasta La Vista", "Charlottenburg", GeoPoint(latitude: 52.5058, longitude: 13.3040)),
    ("Brew & Bread", "Schöneberg", nil),
    ("Sushi Zen", "Mitte", GeoPoint(latitude: 52.5270, longitude: 13.3880)),
    ("Kebab Corner", "Kreuzberg", GeoPoint(latitude: 52.4990, longitude: 13.4035)),
    ("Ramen Ya", "Friedrichshain", GeoPoint(latitude: 52.5127, longitude: 13.4540)),
    ("Seoul Food", "Wedding", nil),
    ("Poke Stop", "Prenzlauer Berg", GeoPoint(latitude: 52.5390, longitude: 13.4240)),
    ("Green Table", "Schöneberg", GeoPoint(latitude: 52.4905, longitude: 13.3530)),
    ("Toast & Co", "Moabit", nil),
    ("Canteen 42", "Mitte", nil),
    ("Mama's Kitchen", "Wedding", GeoPoint(latitude: 52.5500, longitude: 13.3590)),
    ("Noodle Bar Kiyo", "Charlottenburg", nil),
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

  /// What the posts need: the accounts, when the first post was made, and how many posts a
  /// seeding that stopped half-way already made.
  struct Plan: Sendable {
    var users: [Int64]
    var start: Date
    /// The accounts' new password; nil when going on with an earlier seeding.
    var password: String?
    var made: Int
  }

  /// Marks a seeding under way in the data directory (its first post's time, in seconds since
  /// 1970): a server stopped half-way goes on from where it was at its next start.
  var marker: URL {
    services.configuration.dataDirectory.appendingPathComponent("demo-seeding")
  }

  /// Seeds accounts and posts when there are no users yet (or finishes a seeding that
  /// stopped), and returns when every post is made.
  /// - Returns: The demo accounts' password (new each time), or nil when it did not seed.
  @discardableResult
  func seedIfEmpty() async throws -> String? {
    guard let plan = try await prepare() else { return nil }
    try await seedPosts(plan)
    return plan.password
  }

  /// Creates the accounts on an empty database (the first moderates unless the operator named
  /// moderators), or finds those of a seeding that stopped half-way; tells
  /// ``AppServices/demo`` what the demo is.
  /// - Returns: What ``seedPosts(_:)`` needs, or nil when there is nothing to seed.
  func prepare() async throws -> Plan? {
    let names = (0..<userCount).map(name(at:))
    let moderates = services.configuration.moderators.isEmpty
    if let first = try await services.storage.account(named: names[0])?.user {
      let moderator = try await services.storage.isModerator(first.id) ? first.username : nil
      guard let text = try? String(contentsOf: marker, encoding: .utf8),
        let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
      else {
        services.demo.start(
          DemoInfo(
            accounts: names, moderator: moderator, postsReady: postCount, postsTotal: postCount))
        return nil
      }
      var users: [Int64] = []
      for name in names {
        guard let user = try await services.storage.account(named: name)?.user else { return nil }
        users.append(user.id)
      }
      let made = try await services.storage.postCount(authorIDs: users)
      logger.info("going on with the demo content: \(made) of \(postCount) posts made")
      services.demo.start(
        DemoInfo(
          accounts: names, moderator: moderator, postsReady: made, postsTotal: postCount))
      return Plan(
        users: users, start: Date(timeIntervalSince1970: seconds), password: nil, made: made)
    }
    guard try await services.storage.currentSequence() == 0 else { return nil }
    logger.info("seeding demo content: \(userCount) users, \(postCount) posts")
    let cost = services.configuration.bcryptCost
    let password = Self.makePassword()
    let hash = try await NIOThreadPool.singleton.runIfActive {
      Bcrypt.hash(password, cost: cost)
    }
    let start = Date().addingTimeInterval(-Double(postCount) * 1_800)
    try Data("\(Int(start.timeIntervalSince1970))\n".utf8).write(to: marker)
    var users: [Int64] = []
    for (index, name) in names.enumerated() {
      let role: AccountRole = index == 0 && moderates ? .moderator : .member
      let user = try await services.storage.createUser(
        username: name, passwordHash: hash, now: start, role: role)
      users.append(user.id)
    }
    try await seedPrint(students: users, passwordHash: hash, now: start)
    try writePassword(password, names: names, moderator: moderates ? names[0] : nil)
    services.demo.start(
      DemoInfo(
        accounts: names, moderator: moderates ? names[0] : nil, postsReady: 0,
        postsTotal: postCount))
    return Plan(users: users, start: start, password: password, made: 0)
  }

  /// Makes the posts `plan` has not made yet, oldest first, each with its likes, as their
  /// photos are ready (so a watching feed sees them arrive), then removes the marker.
  func seedPosts(_ plan: Plan) async throws {
    let gregorian = Calendar(identifier: .gregorian)
    try await makePhotos(from: plan.made) { index, photo, random in
      let time = plan.start.addingTimeInterval(Double(index) * 1_800)
      let remark = Self.remarks[Int(random.next() % UInt64(Self.remarks.count))]
      let caption = remark.map { $0.isEmpty ? photo.dish : "\(photo.dish), \($0)" } ?? ""
      // Most lunches are posted the day they are eaten; some a day or two later.
      let late = [0, 0, 0, 0, 1, 2][Int(random.next() % 6)]
      let eaten = gregorian.date(byAdding: .day, value: -late, to: time)!
      let date = gregorian.dateComponents([.year, .month, .day], from: eaten)
      let author = plan.users[Int(random.next() % UInt64(plan.users.count))]
      let place = Self.restaurants[Int(random.next() % UInt64(Self.restaurants.count))]
      let new = NewPost(
        authorID: author, caption: caption,
        restaurant: .named(name: place.name, area: place.area, position: place.position),
        mealDate: String(format: "%04d-%02d-%02d", date.year!, date.month!, date.day!),
        photos: photo.photos)
      let post = try await services.storage.insertPost(new, now: time)
      for user in plan.users where random.next() % 4 == 0 {
        _ = try await services.storage.setLike(true, postID: post.id, userID: user, now: Date())
      }
      services.demo.madePost()
    }
    try await seedLists(plan)
    try await seedComments(plan)
    try? FileManager.default.removeItem(at: marker)
    logger.info("seeded \(postCount) demo posts")
  }

  /// The demo user name at `index`.
  func name(at index: Int) -> String {
    Self.names[index % Self.names.count] + (index < Self.names.count ? "" : "\(index)")
  }

  /// Tells whoever started the server how to sign in as a demo user: the log, and a file only
  /// the server's user can read (`demo-password.txt` in the data directory).
  func writePassword(_ password: String, names: [String], moderator: String?) throws {
    let file = services.configuration.dataDirectory.appendingPathComponent("demo-password.txt")
    let moderates = moderator.map { " (\($0) moderates: reports reach the review queue)" } ?? ""
    let staff = Self.staffNames.joined(separator: ", ")
    let text =
      "Demo accounts \(names.joined(separator: ", "))\(moderates) share the password \(password)\n"
      + "Print shop staff (Booster, /print/shop) \(staff) share it too: \(password)\n"
    FileManager.default.createFile(
      atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    logger.notice(
      "demo accounts (\(names.first ?? "")…) share the password \(password) (\(file.path))")
  }
}

/// Opens the data directory, migrates, and seeds demo content if the database is empty.
/// - Returns: The demo accounts' password, or nil when the database had content.
public func seedDemoContent(_ configuration: ServerConfiguration, logger: Logger) async throws
  -> String?
{
  var configuration = configuration
  configuration.seedDemoContent = false
  return try await withServices(configuration, logger: logger) { services in
    try await DemoSeeder(services: services, logger: logger).seedIfEmpty()
  }
}
