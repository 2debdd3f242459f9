import Foundation

/// The repository's OpenAPI document and a small JSON Schema checker for responses
/// (type, required, properties, additionalProperties, items, enum, $ref).
struct OpenAPISchema: @unchecked Sendable {
  let document: [String: Any]

  static func load() throws -> OpenAPISchema {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../openapi/lots.openapi.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return OpenAPISchema(document: object as? [String: Any] ?? [:])
  }

  /// The problems of `body` against the response schema of an operation, or nil when the
  /// operation doesn't document that status.
  func problems(path: String, method: String, status: Int, body: Data) -> [String]? {
    let paths = document["paths"] as? [String: Any]
    guard let item = paths?[path] as? [String: Any],
      let operation = item[method.lowercased()] as? [String: Any],
      let responses = operation["responses"] as? [String: Any],
      let response = responses[String(status)] as? [String: Any]
    else { return nil }
    guard let content = response["content"] as? [String: Any],
      let json = content["application/json"] as? [String: Any],
      let schema = json["schema"] as? [String: Any]
    else { return [] }
    guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    else { return ["body is not JSON"] }
    return check(value, schema, at: "$")
  }

  func check(_ value: Any, _ schema: [String: Any], at path: String) -> [String] {
    if let ref = schema["$ref"] as? String {
      let name = String(ref.split(separator: "/").last ?? "")
      let components = document["components"] as? [String: Any]
      let schemas = components?["schemas"] as? [String: Any]
      guard let target = schemas?[name] as? [String: Any] else { return ["\(path): bad $ref"] }
      return check(value, target, at: path)
    }
    var problems: [String] = []
    let types = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
    if !types.isEmpty, !types.contains(where: { matches(value, $0) }) {
      return ["\(path): expected \(types)"]
    }
    if let choices = schema["enum"] as? [String], let text = value as? String,
      !choices.contains(text)
    {
      problems.append("\(path): \(text) not in enum")
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        problems.append("\(path): missing \(key)")
      }
      for (key, field) in object {
        if let sub = properties[key] as? [String: Any] {
          problems += check(field, sub, at: "\(path).\(key)")
        } else if schema["additionalProperties"] as? Bool == false {
          problems.append("\(path): undocumented property \(key)")
        }
      }
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (index, element) in array.enumerated() {
        problems += check(element, items, at: "\(path)[\(index)]")
      }
    }
    return problems
  }

  func matches(_ value: Any, _ type: String) -> Bool {
    switch type {
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "null": return value is NSNull
    case "boolean":
      return (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
    case "integer":
      guard let number = value as? NSNumber, !matches(value, "boolean") else { return false }
      return number.doubleValue.rounded() == number.doubleValue
    case "number": return value is NSNumber && !matches(value, "boolean")
    default: return true
    }
  }
}
