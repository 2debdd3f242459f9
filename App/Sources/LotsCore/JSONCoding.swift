import Foundation

/// The JSON encoder and decoder of the API: ISO 8601 dates with fractional seconds.
public enum JSONCoding {
  /// An encoder shared by every response (encoding keeps no state between calls).
  public static let shared: JSONEncoder = encoder()

  /// A new encoder for API bodies.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(ISO8601.string(from: date))
    }
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
  }

  /// A new decoder for API bodies.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      if let date = try? Date(text, strategy: Self.format) { return date }
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected an ISO 8601 date")
    }
    return decoder
  }

  static let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
