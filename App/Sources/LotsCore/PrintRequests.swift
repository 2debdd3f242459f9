/// `PUT /api/print/me/college`: `{"collegeId": 3}`, or `null` to forget it.
public struct CollegeChoice: Codable, Hashable, Sendable, StrictDecodable {
  public var collegeID: Int64?
  public static let allowedFields: Set<String> = ["collegeId"]
  private enum CodingKeys: String, CodingKey { case collegeID = "collegeId" }

  /// Creates the value.
  public init(collegeID: Int64?) { self.collegeID = collegeID }
}

/// A quote's or an order's body: a store, its files with their options, a binding, and (to
/// pay) the token of the quote shown.
public struct PrintOrderRequest: Codable, Hashable, Sendable, StrictDecodable {
  /// One file of the order and how to print it.
  public struct File: Codable, Hashable, Sendable {
    public var fileID: Int64
    public var copies: Int
    public var colour: PrintOptions.Colour
    public var sides: PrintOptions.Sides
    public var paper: PrintOptions.Paper

    private enum CodingKeys: String, CodingKey {
      case fileID = "fileId"
      case copies, colour, sides, paper
    }

    /// Creates the value.
    public init(fileID: Int64, options: PrintOptions) {
      self.fileID = fileID
      self.copies = options.copies
      self.colour = options.colour
      self.sides = options.sides
      self.paper = options.paper
    }

    /// Decodes a file, refusing fields it does not have (as the body's own are).
    public init(from decoder: any Decoder) throws {
      try NestedFields.refuseUnknown(
        in: decoder, allowed: ["fileId", "copies", "colour", "sides", "paper"])
      let container = try decoder.container(keyedBy: CodingKeys.self)
      fileID = try container.decode(Int64.self, forKey: .fileID)
      copies = try container.decode(Int.self, forKey: .copies)
      colour = try container.decode(PrintOptions.Colour.self, forKey: .colour)
      sides = try container.decode(PrintOptions.Sides.self, forKey: .sides)
      paper = try container.decode(PrintOptions.Paper.self, forKey: .paper)
    }

    /// Its options.
    public var options: PrintOptions {
      PrintOptions(copies: copies, colour: colour, sides: sides, paper: paper)
    }
  }

  public var storeID: Int64
  public var files: [File]
  public var binding: PrintBinding
  /// The quote's token, to pay.
  public var token: String?

  public static let allowedFields: Set<String> = ["storeId", "files", "binding", "token"]
  private enum CodingKeys: String, CodingKey {
    case storeID = "storeId"
    case files, binding, token
  }

  /// Creates the value.
  public init(storeID: Int64, files: [File], binding: PrintBinding, token: String? = nil) {
    self.storeID = storeID
    self.files = files
    self.binding = binding
    self.token = token
  }
}

/// The shop refuses an order: `{"reason": "..."}` (1–300 characters).
public struct PrintRefusal: Codable, Hashable, Sendable, StrictDecodable {
  public var reason: String
  public static let allowedFields: Set<String> = ["reason"]
  /// Creates the value.
  public init(reason: String) { self.reason = reason }
}

/// The shop hands an order over: `{"code": "123456"}`.
public struct PickupRequest: Codable, Hashable, Sendable, StrictDecodable {
  public var code: String
  public static let allowedFields: Set<String> = ["code"]
  /// Creates the value.
  public init(code: String) { self.code = code }
}

/// The shop opens or closes, or sets its speed, or both: `{"isOpen": true}`,
/// `{"pagesPerMinute": 30}`; what is left out stays as it is.
public struct ShopSettings: Codable, Hashable, Sendable, StrictDecodable {
  public var isOpen: Bool?
  public var pagesPerMinute: Int?
  public static let allowedFields: Set<String> = ["isOpen", "pagesPerMinute"]
  /// Creates the value.
  public init(isOpen: Bool? = nil, pagesPerMinute: Int? = nil) {
    self.isOpen = isOpen
    self.pagesPerMinute = pagesPerMinute
  }
}

/// The shop takes cash for credits: `{"username": "ana", "amount": 500}` (minor units).
public struct TopUpRequest: Codable, Hashable, Sendable, StrictDecodable {
  public var username: String
  public var amount: Int
  public static let allowedFields: Set<String> = ["username", "amount"]
  /// Creates the value.
  public init(username: String, amount: Int) {
    self.username = username
    self.amount = amount
  }
}
