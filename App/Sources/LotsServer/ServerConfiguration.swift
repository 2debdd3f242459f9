import Foundation
import Logging

/// Everything `buildApplication` needs to know; `lots serve` fills it from flags and environment.
public struct ServerConfiguration: Sendable {
  /// The address to listen on; 127.0.0.1 unless told otherwise.
  public var host = "127.0.0.1"
  /// The port; 0 picks a free one.
  public var port = 8080
  /// Holds `lots.sqlite` and `images/` (with ``databaseURL``, only `images/`: instances that
  /// share a database share this directory too).
  public var dataDirectory: URL
  /// A PostgreSQL database (`postgres://user[:password]@host[:port]/name`) instead of SQLite
  /// in the data directory: several instances on one database serve one community.
  public var databaseURL: String?
  /// The static browser client, served at `/` when present.
  public var webDirectory: URL?
  /// bcrypt cost factor (tests lower it; production keeps 12).
  public var bcryptCost: UInt8 = 12
  /// Seeds demo content into an empty database on start: its accounts (the first moderates
  /// unless ``moderators`` names others) before the server listens, its posts while it runs.
  public var seedDemoContent = false
  /// How many posts the demo content has.
  public var demoPostCount = 210
  /// Moderation and retention.
  public var policy = DatabasePolicy()
  /// Request budgets per user (or per name for sign-in).
  public var rateLimits = RateLimits()
  /// Whether requests are counted and `GET /metrics` serves what is.
  public var metricsEnabled = true
  /// The token that lets a client elsewhere read `GET /metrics` (`Authorization: Bearer`);
  /// without it only this machine may.
  public var metricsToken: String?
  /// Interval between SSE heartbeats.
  public var heartbeatInterval: Duration = .seconds(15)
  /// Minimum gap between two like-count updates of one post on one stream.
  public var coalescingInterval: Duration = .milliseconds(250)
  /// Log level.
  public var logLevel: Logger.Level = .info
  /// Booster's map tiles, `https://host/{z}/{x}/{y}.png` (``MapTiles``); none by default:
  /// the map draws the demo's GeoJSON layers only, and nothing is fetched from elsewhere.
  public var mapTiles: String?
  /// Reverse proxies whose `X-Forwarded-For` names the client (per-client limits key on it).
  public var trustedProxies: Set<String> = []
  /// The user names (lowercased) of the moderators. When empty, the first account to sign up
  /// moderates; when not, exactly these accounts do (they are granted, and everyone else's
  /// role is revoked, at start-up).
  public var moderators: Set<String> = []
  /// A connection that sends no complete request head (or nothing after its last response)
  /// for this long is closed: slow and idle clients cannot hold connections for ever.
  public var idleTimeout: Duration = .seconds(30)
  /// The most connections open at once; past it the server accepts no more until some close.
  public var maximumConnections = 10_000
  /// The most event streams one user may hold open (tabs and devices).
  public var streamsPerUser = 16
  /// The most event streams one client address may hold open (an office or a school behind one
  /// address is many people: set `trustedProxies` behind a reverse proxy).
  public var streamsPerAddress = 256
  /// The most uploads admitted at once (reading, decoding, storing); more get 503.
  public var uploadsAtOnce = 8
  /// The most uploads one user may have in flight; more get 429.
  public var uploadsPerUser = 2
  /// The most uploads one client address may have in flight; more get 429.
  public var uploadsPerAddress = 4
  /// How long an admitted upload's body may take to arrive, before the time its bytes earn
  /// (``uploadBytesPerExtraSecond``); later, 408 and its place goes to someone else.
  public var uploadBodyTimeout: Duration = .seconds(120)
  /// Each this many bytes of an upload that arrive give its body one more second: a post of
  /// ten photos (up to 100 MB) on a slow line keeps its place while its bytes keep coming at
  /// a quarter of a megabit per second or more, while a trickle still ends after about
  /// ``uploadBodyTimeout``. (A fixed 120 s asked 7 Mbit/s of a ten-photo post.)
  public var uploadBytesPerExtraSecond = 32 * 1024
  /// How long a JSON request's body may take to arrive once its head has; later, 408.
  public var requestBodyTimeout: Duration = .seconds(20)
  /// How long a request's head may take to arrive once its first byte has; later, 408 and the
  /// connection closes (a client that trickles its headers holds nothing for long).
  public var requestHeadTimeout: Duration = .seconds(10)
  /// The most connections one client address may hold open at once; past it, new ones from
  /// that address are closed at once and everyone else is still served.
  public var connectionsPerAddress = 256
  /// The host names (with or without port) this server answers to, in `Host`; others get 421.
  /// Loopback names by default; a deployment names its own (`--host-name`).
  public var hostNames: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
  /// The most sign-ins and sign-ups waiting for bcrypt at once; more get 503.
  public var passwordChecksAtOnce = 64

  /// Creates a configuration storing data under `dataDirectory`.
  public init(dataDirectory: URL) {
    self.dataDirectory = dataDirectory
  }
}

/// Token-bucket budgets: `burst` requests at once, refilled at `perSecond`.
public struct RateLimits: Sendable {
  /// Failed sign-ins per user name from one client address: the real user, elsewhere, is
  /// never locked out by someone else's guesses.
  public var signIn = RateLimiter.Budget(burst: 10, perSecond: 0.2)
  /// Sign-in attempts per client address, whatever the names (guessing across accounts).
  public var signInPerClient = RateLimiter.Budget(burst: 30, perSecond: 0.5)
  /// Sign-ups per client.
  public var signUp = RateLimiter.Budget(burst: 20, perSecond: 0.5)
  /// Posts per user.
  public var posting = RateLimiter.Budget(burst: 20, perSecond: 0.2)
  /// Likes and unlikes per user.
  public var liking = RateLimiter.Budget(burst: 60, perSecond: 5)
  /// Reports per user.
  public var reporting = RateLimiter.Budget(burst: 10, perSecond: 1.0 / 60)
  /// Blocks and unblocks per user (each one reaches every stream of theirs).
  public var blocking = RateLimiter.Budget(burst: 20, perSecond: 0.1)
  /// Post deletions per user.
  public var deleting = RateLimiter.Budget(burst: 30, perSecond: 0.5)
  /// Print files and orders per user.
  public var printing = RateLimiter.Budget(burst: 30, perSecond: 0.5)
  /// Wrong pickup codes per print store (a code is six digits: guessing one takes ~10⁵ tries).
  public var pickupCodes = RateLimiter.Budget(burst: 10, perSecond: 1.0 / 30)

  /// Creates the default budgets.
  public init() {}

  /// Budgets so large they never trigger, for load tests and benchmarks.
  public static var unlimited: RateLimits {
    var limits = RateLimits()
    let huge = RateLimiter.Budget(burst: 1_000_000_000, perSecond: 1_000_000_000)
    (limits.signIn, limits.signUp, limits.posting, limits.liking) = (huge, huge, huge, huge)
    (limits.signInPerClient, limits.reporting, limits.blocking, limits.deleting) = (
      huge, huge, huge, huge
    )
    (limits.printing, limits.pickupCodes) = (huge, huge)
    return limits
  }
}

extension Duration {
  /// The whole duration in nanoseconds (saturating).
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? .max : whole + attoseconds / 1_000_000_000
  }
}
