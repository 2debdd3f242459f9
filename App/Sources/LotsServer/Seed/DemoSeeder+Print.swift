import Foundation
import LotsCore

extension DemoSeeder {
  /// Booster's demo colleges: Berlin, where the demo's lunches are.
  static let colleges = [
    ("Humboldt-Universität zu Berlin", 52.5180, 13.3934),
    ("Technische Universität Berlin", 52.5125, 13.3269),
  ]

  /// A demo print store and the staff account that runs it.
  struct DemoStore {
    var name: String
    var address: String
    var latitude: Double
    var longitude: Double
    var staff: String
    /// Black-and-white A4 one-sided, per sheet, in cents (the rest follows from it).
    var base: Int
    var pagesPerMinute: Int
    /// Open around the clock, or on weekdays and Saturday mornings.
    var allDay: Bool
  }

  /// Six stores, three around each college.
  static let printStores = [
    DemoStore(
      name: "Copy Corner Mitte", address: "Georgenstraße 12", latitude: 52.5196,
      longitude: 13.3889, staff: "copycorner", base: 8, pagesPerMinute: 40, allDay: false),
    DemoStore(
      name: "Druckhaus Friedrichstraße", address: "Friedrichstraße 141", latitude: 52.5163,
      longitude: 13.3880, staff: "druckhaus", base: 10, pagesPerMinute: 60, allDay: true),
    DemoStore(
      name: "Print Point Oranienburger", address: "Oranienburger Straße 50", latitude: 52.5245,
      longitude: 13.3935, staff: "printpoint", base: 7, pagesPerMinute: 25, allDay: false),
    DemoStore(
      name: "Copyshop Ernst-Reuter", address: "Ernst-Reuter-Platz 7", latitude: 52.5130,
      longitude: 13.3215, staff: "reutercopy", base: 9, pagesPerMinute: 35, allDay: true),
    DemoStore(
      name: "Campus Print Hardenberg", address: "Hardenbergstraße 34", latitude: 52.5095,
      longitude: 13.3300, staff: "campusprint", base: 6, pagesPerMinute: 30, allDay: false),
    DemoStore(
      name: "Plot & Bind Savignyplatz", address: "Kantstraße 21", latitude: 52.5058,
      longitude: 13.3194, staff: "plotbind", base: 12, pagesPerMinute: 20, allDay: false),
  ]

  /// The staff accounts' names, in the stores' order.
  static var staffNames: [String] { printStores.map(\.staff) }

  /// A store's price list from its base price.
  static func prices(base: Int) -> PriceList {
    PriceList(
      currency: "EUR",
      sheets: [
        .init(paper: .a4, colour: .blackAndWhite, sides: .one, perSheet: base),
        .init(paper: .a4, colour: .blackAndWhite, sides: .two, perSheet: base * 3 / 2),
        .init(paper: .a4, colour: .colour, sides: .one, perSheet: base * 5),
        .init(paper: .a4, colour: .colour, sides: .two, perSheet: base * 8),
        .init(paper: .a3, colour: .blackAndWhite, sides: .one, perSheet: base * 2),
        .init(paper: .a3, colour: .colour, sides: .one, perSheet: base * 10),
      ],
      bindings: [.init(binding: .staple, price: 50), .init(binding: .spiral, price: 250)])
  }

  /// Opening hours: around the clock, or 8:00–20:00 on weekdays and 10:00–16:00 on Saturday.
  static func hours(allDay: Bool) -> [OpeningHours] {
    if allDay { return (1...7).map { OpeningHours(weekday: $0, opens: 0, closes: 1_440) } }
    return (2...6).map { OpeningHours(weekday: $0, opens: 480, closes: 1_200) }
      + [OpeningHours(weekday: 7, opens: 600, closes: 960)]
  }

  /// Booster's demo: the colleges, the stores with their staff (who share the demo password,
  /// `hash`), 20 € of credits for each demo student, and the first student's college chosen.
  /// Nothing when there are colleges already.
  func seedPrint(students: [Int64], passwordHash hash: String, now: Date) async throws {
    let storage = services.storage
    guard try await storage.colleges(matching: "", limit: 1).isEmpty else { return }
    var colleges: [Int64] = []
    for (name, latitude, longitude) in Self.colleges {
      colleges.append(
        try await storage.addCollege(name: name, latitude: latitude, longitude: longitude))
    }
    var firstStaff: Int64?
    for store in Self.printStores {
      let id = try await storage.addPrintStore(
        NewPrintStore(
          name: store.name, address: store.address, latitude: store.latitude,
          longitude: store.longitude, prices: Self.prices(base: store.base),
          pagesPerMinute: store.pagesPerMinute, holdingHours: 72,
          hours: Self.hours(allDay: store.allDay), timeZone: "Europe/Berlin"))
      let staff = try await storage.createUser(
        username: store.staff, passwordHash: hash, now: now, role: .member)
      try await storage.setStaff(accountID: staff.id, storeID: id)
      firstStaff = firstStaff ?? staff.id
    }
    guard let clerk = firstStaff else { return }
    for student in students {
      _ = try await storage.topUp(accountID: student, amount: 2_000, staffID: clerk, now: now)
    }
    if let first = students.first, let college = colleges.first {
      try await storage.setCollege(college, accountID: first)
    }
  }
}
