/// A print store as students see it: where it is, how far from their college, when it is
/// open, what it charges and how long its queue is.
public struct PrintShop: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// Its name.
  public var name: String
  /// Its street address.
  public var address: String
  /// Where it is (degrees, WGS 84).
  public var latitude: Double
  /// Where it is (degrees, WGS 84).
  public var longitude: Double
  /// Metres from the college it was asked about (nil when no college was named).
  public var distance: Int?
  /// Its opening hours, in ``timeZone``.
  public var hours: [OpeningHours]
  /// Its IANA time zone (`Asia/Seoul`).
  public var timeZone: String
  /// Whether it takes orders now: within its hours and not closed by its staff.
  public var openNow: Bool
  /// What it charges.
  public var prices: PriceList
  /// Orders waiting or printing.
  public var queueOrders: Int
  /// Pages of those orders still to print.
  public var queuePages: Int
  /// Pages it prints per minute (for ready-time estimates).
  public var pagesPerMinute: Int
  /// Hours a printed order waits for pickup before its code expires.
  public var holdingHours: Int
  /// Whether the viewer starred it.
  public var favourite: Bool

  /// Creates a store value.
  public init(
    id: Int64, name: String, address: String, latitude: Double, longitude: Double,
    distance: Int?, hours: [OpeningHours], timeZone: String, openNow: Bool, prices: PriceList,
    queueOrders: Int, queuePages: Int, pagesPerMinute: Int, holdingHours: Int, favourite: Bool
  ) {
    self.id = id
    self.name = name
    self.address = address
    self.latitude = latitude
    self.longitude = longitude
    self.distance = distance
    self.hours = hours
    self.timeZone = timeZone
    self.openNow = openNow
    self.prices = prices
    self.queueOrders = queueOrders
    self.queuePages = queuePages
    self.pagesPerMinute = pagesPerMinute
    self.holdingHours = holdingHours
    self.favourite = favourite
  }
}
