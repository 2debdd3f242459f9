import Crypto
import Foundation
import LotsCore

/// A file of the student's, as pricing needs it.
struct PricedFile: Sendable, Equatable {
  var id: Int64
  var name: String
  var pages: Int
  /// The SHA-256 of its bytes, in hex.
  var sha256: String
  /// Its size in bytes.
  var bytes: Int
}

/// Prices an order from its files' page counts, their options and the store's price list,
/// and names the result with a token.
enum PrintPricing {
  /// The quote for `files` (each with its options) and `binding` at store `storeID`, whose
  /// price list is `prices` at revision `priceVersion`.
  /// - Throws: ``AppError`` 400 for copies out of range, 422 naming the file (`files[i]`)
  ///   whose options the store does not offer, or the binding it does not offer, or `files`
  ///   when together they are larger than ``PrintLimits/orderBytes``.
  /// - Complexity: O(f · p) for f files and p prices.
  static func quote(
    storeID: Int64, prices: PriceList, priceVersion: Int64,
    files: [(file: PricedFile, options: PrintOptions)], binding: PrintBinding
  ) throws -> PrintQuote {
    guard files.reduce(0, { $0 + $1.file.bytes }) <= PrintLimits.orderBytes else {
      throw AppError(
        .unprocessableContent,
        "the files of one order may hold \(PrintLimits.orderBytes / 1_048_576) MB together: "
          + "send the rest in another order",
        field: "files")
    }
    var lines: [PrintQuote.Line] = []
    for (index, (file, options)) in files.enumerated() {
      guard (1...PrintOptions.maxCopies).contains(options.copies) else {
        throw AppError(
          .badRequest, "copies must be from 1 to \(PrintOptions.maxCopies)",
          field: "files[\(index)].copies")
      }
      guard let perSheet = prices.perSheet(options) else {
        throw AppError(
          .unprocessableContent,
          "this store does not print \(options.paper.rawValue) "
            + "\(options.colour == .colour ? "in colour" : "in black and white") "
            + "\(options.sides == .one ? "one-sided" : "two-sided")",
          field: "files[\(index)].options")
      }
      let sheets = options.sheets(pages: file.pages) * options.copies
      lines.append(
        PrintQuote.Line(
          fileID: file.id, name: file.name, pages: file.pages, options: options,
          sheets: sheets, perSheet: perSheet, amount: sheets * perSheet))
    }
    guard let bindingPrice = prices.price(of: binding) else {
      throw AppError(
        .unprocessableContent, "this store does not offer \(binding.rawValue) binding",
        field: "binding")
    }
    let total = lines.reduce(bindingPrice) { $0 + $1.amount }
    var named = "quote/1|\(storeID)|\(priceVersion)|\(binding.rawValue)|\(total)"
    for (line, (file, _)) in zip(lines, files) {
      let options = line.options
      named +=
        "|\(file.id):\(file.sha256):\(file.pages):\(options.copies):"
        + "\(options.colour.rawValue):\(options.sides.rawValue):\(options.paper.rawValue)"
    }
    let token = SHA256.hash(data: Data(named.utf8)).hex
    return PrintQuote(
      storeID: storeID, lines: lines, binding: binding, bindingPrice: bindingPrice,
      total: total, currency: prices.currency, token: token)
  }
}
