/// A student's Booster profile: their college, their balance, and the store they work for.
public struct PrintProfile: Codable, Hashable, Sendable {
  public var college: College?
  /// Minor units.
  public var balance: Int
  /// The store whose console they may use, if any.
  public var staffStoreID: Int64?

  /// Creates the value.
  public init(college: College?, balance: Int, staffStoreID: Int64?) {
    self.college = college
    self.balance = balance
    self.staffStoreID = staffStoreID
  }
}

/// Colleges found.
public struct Colleges: Codable, Hashable, Sendable {
  public var items: [College]
  /// Creates the value.
  public init(items: [College]) { self.items = items }
}

/// The stores near a college, starred ones first, then nearest first.
public struct NearbyShops: Codable, Hashable, Sendable {
  public var college: College
  public var items: [PrintShop]
  /// Creates the value.
  public init(college: College, items: [PrintShop]) {
    self.college = college
    self.items = items
  }
}

/// Orders, newest first (a store's queue: oldest first).
public struct PrintOrders: Codable, Hashable, Sendable {
  public var items: [PrintOrder]
  /// Creates the value.
  public init(items: [PrintOrder]) { self.items = items }
}

/// A balance and its ledger, newest first.
public struct Credits: Codable, Hashable, Sendable {
  /// Minor units.
  public var balance: Int
  public var items: [CreditEntry]
  /// Creates the value.
  public init(balance: Int, items: [CreditEntry]) {
    self.balance = balance
    self.items = items
  }
}

/// A shop's console: its store, its staff's open/closed switch, its queue in order, and its
/// latest closed orders.
public struct ShopConsole: Codable, Hashable, Sendable {
  public var store: PrintShop
  /// Whether the staff take orders now (the switch; `store.openNow` also needs the hours).
  public var isOpen: Bool
  public var queue: [PrintOrder]
  public var closed: [PrintOrder]
  /// Creates the value.
  public init(store: PrintShop, isOpen: Bool, queue: [PrintOrder], closed: [PrintOrder]) {
    self.store = store
    self.isOpen = isOpen
    self.queue = queue
    self.closed = closed
  }
}

/// What Booster's map draws on: the deployment's tile URL template, if any.
public struct PrintMap: Codable, Hashable, Sendable {
  /// `https://host/{z}/{x}/{y}.png`, or nil for no basemap.
  public var tiles: String?
  /// Creates the value.
  public init(tiles: String?) { self.tiles = tiles }
}
