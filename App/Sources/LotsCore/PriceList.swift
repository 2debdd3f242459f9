/// A print store's prices, in integer minor units of its currency (cents): a price per sheet
/// for each paper, colour and sides it offers, and a price per order for each binding.
public struct PriceList: Codable, Hashable, Sendable {
  /// The price of one sheet printed one way.
  public struct SheetPrice: Codable, Hashable, Sendable {
    public var paper: PrintOptions.Paper
    public var colour: PrintOptions.Colour
    public var sides: PrintOptions.Sides
    /// Minor units per sheet (both sides of it, when two-sided).
    public var perSheet: Int

    /// Creates a price.
    public init(
      paper: PrintOptions.Paper, colour: PrintOptions.Colour, sides: PrintOptions.Sides,
      perSheet: Int
    ) {
      self.paper = paper
      self.colour = colour
      self.sides = sides
      self.perSheet = perSheet
    }
  }

  /// The price of a binding, for the whole order.
  public struct BindingPrice: Codable, Hashable, Sendable {
    public var binding: PrintBinding
    /// Minor units per order.
    public var price: Int

    /// Creates a price.
    public init(binding: PrintBinding, price: Int) {
      self.binding = binding
      self.price = price
    }
  }

  /// The ISO 4217 code of the currency (`USD`).
  public var currency: String
  /// What it prints, and for how much.
  public var sheets: [SheetPrice]
  /// The bindings it offers besides none (always free).
  public var bindings: [BindingPrice]

  /// Creates a price list.
  public init(currency: String, sheets: [SheetPrice], bindings: [BindingPrice]) {
    self.currency = currency
    self.sheets = sheets
    self.bindings = bindings
  }

  /// The price of a sheet printed with `options`, or nil when the store does not offer it.
  public func perSheet(_ options: PrintOptions) -> Int? {
    sheets.first {
      $0.paper == options.paper && $0.colour == options.colour && $0.sides == options.sides
    }?.perSheet
  }

  /// The price of `binding`, or nil when the store does not offer it.
  public func price(of binding: PrintBinding) -> Int? {
    binding == .none ? 0 : bindings.first { $0.binding == binding }?.price
  }
}
