import Testing

@testable import LotsServer

/// Operators' PostgreSQL addresses are read as libpq reads them, and a wrong one is a clear
/// error naming what is wrong.
@Suite(.oncePerRun) struct DatabaseURLTests {
  @Test func readsEveryPartAndWritesItBack() throws {
    let url = try DatabaseURL(
      "postgresql://ann%40x:p%2Fw@db.local:6543/lots?sslmode=require&connect_timeout=30")
    #expect(url.host == "db.local")
    #expect(url.port == 6543)
    #expect(url.username == "ann@x")
    #expect(url.password == "p/w")
    #expect(url.database == "lots")
    #expect(url.tls == .require)
    #expect(url.connectTimeout == .seconds(30))
    #expect(try DatabaseURL(url.text) == url)
  }

  @Test func defaultsArePreferredTLSAndFiveSeconds() throws {
    let url = try DatabaseURL("postgres://lots@127.0.0.1/lots")
    #expect(url.port == 5432)
    #expect(url.tls == .prefer)
    #expect(url.connectTimeout == .seconds(5))
    #expect(url.text == "postgres://lots@127.0.0.1:5432/lots")
  }

  @Test(arguments: [
    ("mysql://lots@h/db", "scheme"),
    ("postgres://h/db", "no user name"),
    ("postgres://lots@h/", "no database name"),
    ("postgres://lots@h/db?sslmode=allow", "sslmode"),
    ("postgres://lots@h/db?connect_timeout=0", "connect_timeout"),
    ("postgres://lots@h/db?connect_timeout=3601", "connect_timeout"),
    ("postgres://lots@h/db?connect_timeout=2.5", "connect_timeout"),
    ("postgres://lots@h/db?connect_timeout=", "connect_timeout"),
  ])
  func wrongAddressesSayWhatIsWrong(text: String, names: String) {
    #expect {
      try DatabaseURL(text)
    } throws: { error in
      "\(error)".contains(names)
    }
  }
}
