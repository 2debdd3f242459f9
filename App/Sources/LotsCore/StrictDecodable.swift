import Foundation

/// A request body decoded strictly: unknown fields are refused, and every failure names the field.
public protocol StrictDecodable: Decodable {
  /// The names of the fields a body may contain.
  static var allowedFields: Set<String> { get }
}

extension StrictDecodable {
  /// Decodes a JSON object, refusing malformed JSON, non-objects, unknown, missing and
  /// wrongly typed fields.
  /// - Throws: ``ValidationError`` whose message names the problem.
  public static func decodeStrictly(from data: Data) throws(ValidationError) -> Self {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data, options: [])
    } catch {
      throw ValidationError("malformed JSON body")
    }
    guard let dictionary = object as? [String: Any] else {
      throw ValidationError("the JSON body must be an object")
    }
    let unknown = Set(dictionary.keys).subtracting(allowedFields).sorted()
    if let first = unknown.first {
      throw ValidationError("unknown field '\(ValidationError.printable(first))'")
    }
    do {
      return try JSONCoding.decoder().decode(Self.self, from: data)
    } catch let error as DecodingError {
      throw ValidationError(describing: error)
    } catch {
      throw ValidationError("malformed JSON body")
    }
  }
}

extension ValidationError {
  /// Describes a decoding error by the field it concerns.
  init(describing error: DecodingError) {
    // `photos[0].description`: an array's place in brackets, as a reader writes it.
    func path(_ keys: [any CodingKey]) -> String {
      keys.reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      let field = path(context.codingPath + [key])
      self.init("missing field '\(field)'", field: field)
    case .typeMismatch(let type, let context):
      self.init(
        "field '\(path(context.codingPath))' must be of type \(type)",
        field: path(context.codingPath))
    case .valueNotFound(let type, let context):
      self.init(
        "field '\(path(context.codingPath))' must be a non-null \(type)",
        field: path(context.codingPath))
    case .dataCorrupted(let context) where context.debugDescription == NestedFields.unknown:
      self.init("unknown field '\(path(context.codingPath))'", field: path(context.codingPath))
    case .dataCorrupted(let context):
      self.init(
        "field '\(path(context.codingPath))' is invalid", field: path(context.codingPath))
    @unknown default:
      self.init("malformed JSON body")
    }
  }
}

/// Strictness for objects inside a body (a ``StrictDecodable`` checks only its own top-level
/// fields): ``refuseUnknown(in:allowed:)`` throws for any other field.
enum NestedFields {
  /// The description of the error thrown for an unknown field.
  static let unknown = "unknown field"

  /// Any field name.
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Throws when the object being decoded has a field not in `allowed`.
  /// - Throws: `DecodingError.dataCorrupted` whose path ends at the first unknown field.
  static func refuseUnknown(in decoder: any Decoder, allowed: Set<String>) throws {
    let container = try decoder.container(keyedBy: Key.self)
    guard
      let key = container.allKeys.map(\.stringValue).sorted().first(where: {
        !allowed.contains($0)
      })
    else { return }
    throw DecodingError.dataCorrupted(
      .init(codingPath: decoder.codingPath + [Key(stringValue: key)], debugDescription: unknown))
  }
}
