import CollectionDiff
import Foundation

/// The input of `lots diff`: a flat array of items or an array of sections.
enum DiffInput {
  case flat([DiffItem])
  case sections([DiffSection])

  /// Reads one file's document; an empty array fits either shape.
  ///
  /// - Throws: `SpecError` naming the field (prefixed with the file) when it is malformed.
  static func parse(_ data: Data, file: String) throws -> DiffInput {
    do {
      let elements = try JSONNode.parse(data).array()
      let sectioned = elements.contains { element in
        if case .object(let members) = element.value { members["items"] != nil } else { false }
      }
      if sectioned { return .sections(try elements.map(DiffSection.init)) }
      return .flat(try elements.map(DiffItem.init))
    } catch let error as SpecError {
      throw SpecError(path: "\(file): \(error.path)", message: error.message)
    }
  }
}

/// An identity from JSON: a string or a whole number (`1` and `"1"` differ).
enum DiffKey: Hashable {
  case number(Int)
  case text(String)

  init(_ node: JSONNode) throws {
    switch node.value {
    case .string(let text): self = .text(text)
    case .number: self = .number(try node.integer())
    default: throw node.error("expected a string or a whole number, found \(node.value.typeName)")
    }
  }
}

/// An item: an identity and a version whose change means "content changed".
struct DiffItem: Diffable {
  var diffIdentifier: DiffKey
  var version: JSONValue

  init(_ node: JSONNode) throws {
    let object = try node.object(allowing: ["id", "version"])
    diffIdentifier = try DiffKey(object.required("id"))
    version = object["version"]?.value ?? .null
  }

  func isContentEqual(to other: DiffItem) -> Bool { version == other.version }
}

/// A section: an identity, a version of its own content (header), and items.
struct DiffSection: DiffableSection {
  var diffIdentifier: DiffKey
  var version: JSONValue
  var items: [DiffItem]

  init(_ node: JSONNode) throws {
    let object = try node.object(allowing: ["id", "version", "items"])
    diffIdentifier = try DiffKey(object.required("id"))
    version = object["version"]?.value ?? .null
    items = try object.required("items").array().map(DiffItem.init)
  }

  func isContentEqual(to other: DiffSection) -> Bool { version == other.version }
}

extension DiffInput {
  /// A warning for every repeated id, checked over the whole input: the diff itself reports
  /// only repeats in the part that changed (see `Duplicates`).
  func repeatedIDs(file: String) -> [String] {
    var warnings: [String] = []
    var seen = Set<DiffKey>()
    func check(_ key: DiffKey, _ path: String) {
      if !seen.insert(key).inserted { warnings.append("\(file): \(path): repeated id") }
    }
    switch self {
    case .flat(let items):
      for (index, item) in items.enumerated() { check(item.diffIdentifier, "$[\(index)].id") }
    case .sections(let sections):
      for (index, section) in sections.enumerated() {
        check(section.diffIdentifier, "$[\(index)].id")
      }
      seen.removeAll()
      for (s, section) in sections.enumerated() {
        for (index, item) in section.items.enumerated() {
          check(item.diffIdentifier, "$[\(s)].items[\(index)].id")
        }
      }
    }
    return warnings
  }
}
