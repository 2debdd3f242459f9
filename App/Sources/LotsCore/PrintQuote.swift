/// What an order costs, line by line, as the server computed it from the files' page counts
/// and the store's price list. Paying names its ``token``: a changed file, option or price
/// list makes a different token, and the payment is refused for a new quote.
public struct PrintQuote: Codable, Hashable, Sendable {
  /// One file's line.
  public struct Line: Codable, Hashable, Sendable {
    /// The uploaded file.
    public var fileID: Int64
    /// Its name as uploaded.
    public var name: String
    /// Its pages (an image is one).
    public var pages: Int
    /// How it is printed.
    public var options: PrintOptions
    /// Sheets for all its copies.
    public var sheets: Int
    /// Minor units per sheet.
    public var perSheet: Int
    /// Minor units for the line: `sheets × perSheet`.
    public var amount: Int

    /// Creates a line.
    public init(
      fileID: Int64, name: String, pages: Int, options: PrintOptions, sheets: Int,
      perSheet: Int, amount: Int
    ) {
      self.fileID = fileID
      self.name = name
      self.pages = pages
      self.options = options
      self.sheets = sheets
      self.perSheet = perSheet
      self.amount = amount
    }
  }

  /// The store that prints it.
  public var storeID: Int64
  /// One line per file, in the order's order.
  public var lines: [Line]
  /// The order's binding.
  public var binding: PrintBinding
  /// Minor units for the binding.
  public var bindingPrice: Int
  /// Minor units in all: the lines and the binding. What paying charges.
  public var total: Int
  /// The currency of every amount (ISO 4217).
  public var currency: String
  /// Names exactly this quote (files, options, prices).
  public var token: String

  /// Creates a quote.
  public init(
    storeID: Int64, lines: [Line], binding: PrintBinding, bindingPrice: Int, total: Int,
    currency: String, token: String
  ) {
    self.storeID = storeID
    self.lines = lines
    self.binding = binding
    self.bindingPrice = bindingPrice
    self.total = total
    self.currency = currency
    self.token = token
  }
}
