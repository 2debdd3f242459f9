import CollectionLayout

/// The spec's optional `"movement"` member: an interactive movement of one item, driven by
/// pointer positions and arrow keys, applied before the attributes are printed (which then
/// show the reflow, or the restored layout when cancelled). The schema is in
/// docs/layout-spec.md; the node tests compare it with the wasm module's movement.
struct MovementQuery {
  /// One input of the movement: a pointer position or an arrow key.
  enum Step {
    case pointer(Point)
    case key(MovementDirection)
  }

  var item: ItemPath
  var hysteresis: Double
  var steps: [Step]
  var cancels: Bool

  static let directions: [(String, MovementDirection)] = [
    ("left", .left), ("right", .right), ("up", .up), ("down", .down),
  ]

  /// Reads the `"movement"` member of the spec, or `nil` when there is none.
  static func parse(_ root: JSONNode) throws(SpecError) -> MovementQuery? {
    guard case .object(let members) = root.value, let value = members["movement"],
      value != .null
    else { return nil }
    let json = try JSONNode(value: value, path: root.path + ".movement")
      .object(allowing: ["item", "hysteresis", "steps", "cancel"])
    let item = try json.required("item").object(allowing: ["section", "item"])
    var steps: [Step] = []
    for node in try json["steps"]?.array() ?? [] {
      if case .string = node.value {
        let name = try node.choice(directions.map(\.0))
        steps.append(.key(directions.first { $0.0 == name }!.1))
      } else {
        let point = try node.object(allowing: ["x", "y"])
        steps.append(
          .pointer(Point(x: try point.required("x").number(), y: try point.required("y").number()))
        )
      }
    }
    return MovementQuery(
      item: ItemPath(
        section: try item.required("section").integer(), item: try item.required("item").integer()
      ),
      hysteresis: try json["hysteresis"]?.number() ?? 8, steps: steps,
      cancels: try json["cancel"]?.bool() ?? false)
  }

  /// Runs the movement on a prepared layout: the layout afterwards, and the output member
  /// `"movement": {"targets": [n, ...], "from": {"section", "item"}, "to": {...}}` (the target
  /// item after each step, and the move; `to` is `from` when cancelled).
  func run<L: Layout>(_ layout: L, path: String) throws(SpecError) -> (
    any Layout, (String, (inout JSONWriter) -> Void)
  ) {
    let sections = layout.context.sections
    guard sections.indices.contains(item.section),
      sections[item.section].items.indices.contains(item.item)
    else { throw SpecError(path: path + ".movement.item", message: "no such item") }
    var movement = ItemMovement(layout, item: item, hysteresis: hysteresis)
    var targets: [Int] = []
    for step in steps {
      switch step {
      case .pointer(let point): targets.append(movement.update(pointer: point).item)
      case .key(let direction): targets.append(movement.step(direction).item)
      }
    }
    let result = cancels ? movement.cancel() : movement.end().layout
    let move = movement.move
    let write: (inout JSONWriter) -> Void = {
      $0.object([
        ("targets", { $0.array(targets) { $0.number(Double($1)) } }),
        ("from", { $0.path(move.from) }),
        ("to", { $0.path(move.to) }),
      ])
    }
    return (result, ("movement", write))
  }
}

extension JSONWriter {
  mutating func path(_ path: ItemPath) {
    object([
      ("section", { $0.number(Double(path.section)) }), ("item", { $0.number(Double(path.item)) }),
    ])
  }
}
