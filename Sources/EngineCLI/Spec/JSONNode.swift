import Foundation

/// A JSON value together with its path in the document, with typed accessors that fail with a
/// `SpecError` naming the path: the one way every `lots` command reads its JSON input.
struct JSONNode {
  let value: JSONValue
  let path: String

  /// Parses a whole document.
  ///
  /// - Throws: `SpecError` at `$` when the bytes are not valid JSON.
  static func parse(_ data: Data) throws(SpecError) -> JSONNode {
    do {
      return JSONNode(value: try JSONDecoder().decode(JSONValue.self, from: data), path: "$")
    } catch {
      throw SpecError(path: "$", message: "not valid JSON (\(Self.reason(error)))")
    }
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
      let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey]
      return underlying as? String ?? context.debugDescription
    case DecodingError.typeMismatch(_, let context):
      return "a value at \(context.codingPath.map(\.stringValue)) cannot be read: "
        + "numbers must fit in a Double"
    default:
      return "\(error)"
    }
  }

  /// Fails with `message` at this node's path.
  func error(_ message: String) -> SpecError { SpecError(path: path, message: message) }

  private func mismatch(_ expected: String) -> SpecError {
    error("expected \(expected), found \(value.typeName)")
  }

  /// The members of an object, checking that every key is one of `allowed`.
  func object(allowing allowed: [String]) throws(SpecError) -> JSONObject {
    guard case .object(let members) = value else { throw mismatch("an object") }
    for key in members.keys.sorted() where !allowed.contains(key) {
      throw SpecError(
        path: path + "." + key,
        message: "unknown field (expected one of: \(allowed.joined(separator: ", ")))")
    }
    return JSONObject(members: members, path: path)
  }

  /// The elements of an array.
  func array() throws(SpecError) -> [JSONNode] {
    guard case .array(let elements) = value else { throw mismatch("an array") }
    return elements.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]") }
  }

  /// A number (NaN and infinities cannot be written in JSON; huge literals are rejected).
  func number() throws(SpecError) -> Double {
    guard case .number(let number) = value else { throw mismatch("a number") }
    guard number.isFinite else { throw error("number out of range") }
    return number
  }

  /// A whole number that fits in an `Int`.
  func integer() throws(SpecError) -> Int {
    let number = try number()
    guard number == number.rounded(.towardZero), abs(number) < 9.007_199_254_740_992e15 else {
      throw error("expected a whole number, found \(number)")
    }
    return Int(number)
  }

  /// A boolean.
  func bool() throws(SpecError) -> Bool {
    guard case .bool(let flag) = value else { throw mismatch("a boolean") }
    return flag
  }

  /// A string.
  func string() throws(SpecError) -> String {
    guard case .string(let text) = value else { throw mismatch("a string") }
    return text
  }

  /// One of the given strings.
  func choice(_ choices: [String]) throws(SpecError) -> String {
    let text = try string()
    guard choices.contains(text) else {
      throw error("expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
    return text
  }
}

/// The members of a JSON object, read by name with their paths.
struct JSONObject {
  let members: [String: JSONValue]
  let path: String

  /// The member `key`, or `nil` when it is absent or `null`.
  subscript(key: String) -> JSONNode? {
    guard let value = members[key], value != .null else { return nil }
    return JSONNode(value: value, path: path + "." + key)
  }

  /// The member `key`; fails when it is absent.
  func required(_ key: String) throws(SpecError) -> JSONNode {
    guard let node = self[key] else {
      throw SpecError(path: path + "." + key, message: "required field is missing")
    }
    return node
  }
}
