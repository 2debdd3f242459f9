import Foundation
import LotsCore
import Testing

@testable import LotsServer

/// Prices come from page counts × options × the store's price list, in whole minor units,
/// and a quote's token changes with anything that changes what is printed or its price.
@Suite(.oncePerRun) struct PrintPricingTests {
  static let prices = PriceList(
    currency: "USD",
    sheets: [
      .init(paper: .a4, colour: .blackAndWhite, sides: .one, perSheet: 10),
      .init(paper: .a4, colour: .blackAndWhite, sides: .two, perSheet: 15),
      .init(paper: .a4, colour: .colour, sides: .one, perSheet: 50),
      .init(paper: .a3, colour: .colour, sides: .one, perSheet: 120),
    ],
    bindings: [.init(binding: .staple, price: 25)])

  static let file = PricedFile(id: 7, name: "notes.pdf", pages: 5, sha256: "aa", bytes: 1_000)

  private func quote(
    _ options: PrintOptions, file: PricedFile = file, binding: PrintBinding = .none,
    prices: PriceList = prices, version: Int64 = 1
  ) throws -> PrintQuote {
    try PrintPricing.quote(
      storeID: 3, prices: prices, priceVersion: version, files: [(file, options)],
      binding: binding)
  }

  @Test func linesAreSheetsTimesTheirPriceAndTheTotalAddsTheBinding() throws {
    let one = try quote(PrintOptions(copies: 2))
    #expect(one.lines[0].sheets == 10)
    #expect(one.lines[0].amount == 100)
    #expect(one.total == 100)
    // Two-sided: five pages take three sheets (the last page alone), per copy.
    let two = try quote(PrintOptions(copies: 3, sides: .two), binding: .staple)
    #expect(two.lines[0].sheets == 9)
    #expect(two.lines[0].perSheet == 15)
    #expect(two.bindingPrice == 25)
    #expect(two.total == 9 * 15 + 25)
    let files = [
      (PricedFile(id: 1, name: "a.pdf", pages: 1, sha256: "a", bytes: 1), PrintOptions()),
      (
        PricedFile(id: 2, name: "b.jpg", pages: 1, sha256: "b", bytes: 1),
        PrintOptions(colour: .colour)
      ),
    ]
    let both = try PrintPricing.quote(
      storeID: 3, prices: Self.prices, priceVersion: 1, files: files, binding: .none)
    #expect(both.lines.map(\.amount) == [10, 50])
    #expect(both.total == 60)
  }

  /// Seeded: for random page counts and options, every line is exactly its sheets × price,
  /// two-sided sheets are the pages halved and rounded up, and the total is their sum.
  @Test func randomOrdersAddUp() throws {
    let seed = SeededRandom.replaySeed ?? UInt64.random(in: 1...UInt64.max)
    print("PrintPricingTests.randomOrdersAddUp seed \(seed) (LOTS_SEED replays it)")
    var generator = SeededRandom(seed: seed)
    for _ in 0..<500 {
      let pages = Int.random(in: 1...10_000, using: &generator)
      let copies = Int.random(in: 1...PrintOptions.maxCopies, using: &generator)
      let sides = PrintOptions.Sides.allCases.randomElement(using: &generator)!
      let file = PricedFile(id: 1, name: "f.pdf", pages: pages, sha256: "f", bytes: 1)
      let quote = try quote(PrintOptions(copies: copies, sides: sides), file: file)
      let sheets = sides == .one ? pages : pages / 2 + pages % 2
      #expect(quote.lines[0].sheets == sheets * copies)
      #expect(quote.total == sheets * copies * (sides == .one ? 10 : 15))
    }
  }

  /// Files of up to 100 MB together make one order; a byte more is refused naming `files`.
  @Test func anOrderHoldsAtMostItsBytes() throws {
    func files(_ sizes: [Int]) -> [(file: PricedFile, options: PrintOptions)] {
      sizes.enumerated().map { index, bytes in
        (
          PricedFile(
            id: Int64(index + 1), name: "\(index).pdf", pages: 1, sha256: "x", bytes: bytes),
          PrintOptions()
        )
      }
    }
    let limit = PrintLimits.orderBytes
    let most = try PrintPricing.quote(
      storeID: 3, prices: Self.prices, priceVersion: 1,
      files: files([limit / 4, limit / 4, limit / 4, limit - 3 * (limit / 4)]), binding: .none)
    #expect(most.lines.count == 4)
    do {
      _ = try PrintPricing.quote(
        storeID: 3, prices: Self.prices, priceVersion: 1,
        files: files([limit / 4, limit / 4, limit / 4, limit - 3 * (limit / 4) + 1]),
        binding: .none)
      Issue.record("priced an order a byte too large")
    } catch let error as AppError {
      #expect(error.status == .unprocessableContent && error.field == "files")
      #expect(error.message.contains("100 MB"))
    }
  }

  @Test func whatTheStoreDoesNotOfferIsRefusedNamingTheField() throws {
    #expect(throws: AppError.self) { try quote(PrintOptions(copies: 0)) }
    #expect(throws: AppError.self) { try quote(PrintOptions(copies: 101)) }
    do {
      _ = try quote(PrintOptions(paper: .letter))
      Issue.record("priced Letter")
    } catch let error as AppError {
      #expect(error.field == "files[0].options")
      #expect(error.message.contains("Letter"))
    }
    do {
      _ = try quote(PrintOptions(), binding: .spiral)
      Issue.record("priced spiral binding")
    } catch let error as AppError {
      #expect(error.field == "binding")
    }
  }

  @Test func theTokenChangesWithTheFileTheOptionsAndThePrices() throws {
    let base = try quote(PrintOptions())
    #expect(try quote(PrintOptions()).token == base.token)
    var changed = Self.file
    changed.sha256 = "bb"
    #expect(try quote(PrintOptions(), file: changed).token != base.token)
    #expect(try quote(PrintOptions(copies: 2)).token != base.token)
    #expect(try quote(PrintOptions(), version: 2).token != base.token)
    #expect(try quote(PrintOptions(), binding: .staple).token != base.token)
  }
}

/// Every action in every state: only the transitions of the order's life are allowed.
struct PrintOrderStateTests {
  @Test func onlyTheAllowedTransitionsMoveAnOrder() {
    let allowed: [PrintOrderState: [PrintOrderState.Action: PrintOrderState]] = [
      .ordered: [.cancel: .cancelled, .start: .printing, .refuse: .refused],
      .printing: [.finish: .done, .refuse: .refused],
      .done: [.pickUp: .pickedUp],
    ]
    for state in PrintOrderState.allCases {
      for action in PrintOrderState.Action.allCases {
        #expect(state.after(action) == allowed[state]?[action], "\(state) \(action)")
      }
    }
  }
}
