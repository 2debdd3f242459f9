/// How one file of a print order is printed.
public struct PrintOptions: Codable, Hashable, Sendable {
  /// Paper sizes a store may print on.
  public enum Paper: String, Codable, CaseIterable, Hashable, Sendable {
    case a4 = "A4"
    case a3 = "A3"
    case letter = "Letter"
  }

  /// Colour or black-and-white.
  public enum Colour: String, Codable, CaseIterable, Hashable, Sendable {
    case colour
    case blackAndWhite
  }

  /// One- or two-sided.
  public enum Sides: String, Codable, CaseIterable, Hashable, Sendable {
    case one
    case two
  }

  /// How many times the file is printed, 1 to ``maxCopies``.
  public var copies: Int
  /// Colour or black-and-white.
  public var colour: Colour
  /// One- or two-sided.
  public var sides: Sides
  /// The paper size.
  public var paper: Paper

  /// The most copies of one file in one order.
  public static let maxCopies = 100

  /// Creates options.
  public init(
    copies: Int = 1, colour: Colour = .blackAndWhite, sides: Sides = .one,
    paper: Paper = .a4
  ) {
    self.copies = copies
    self.colour = colour
    self.sides = sides
    self.paper = paper
  }

  /// The sheets one copy of `pages` pages takes: a page each one-sided, two pages each
  /// two-sided (an odd last page takes a sheet of its own).
  public func sheets(pages: Int) -> Int {
    sides == .one ? pages : (pages + 1) / 2
  }
}

/// How a whole order is bound.
public enum PrintBinding: String, Codable, CaseIterable, Hashable, Sendable {
  case none
  case staple
  case spiral
}
