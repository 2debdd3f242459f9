import CollectionLayout
import EngineBridge

/// Reads a descriptor's options from the spec's `"layout"` object by name; an absent member
/// keeps the option's default, a wrong one fails naming its path.
struct JSONSource: OptionSource {
  let options: JSONObject
  let sections: [JSONObject]

  mutating func number(_ name: StaticString, _ value: inout Double) throws(SpecError) {
    if let node = options[name.description] { value = try node.number() }
  }

  mutating func integer(_ name: StaticString, _ value: inout Int) throws(SpecError) {
    if let node = options[name.description] { value = try node.integer() }
  }

  mutating func flag(_ name: StaticString, _ value: inout Bool) throws(SpecError) {
    if let node = options[name.description] { value = try node.bool() }
  }

  mutating func insets(_ name: StaticString, _ value: inout Insets) throws(SpecError) {
    if let insets = try options.insets(name.description) { value = insets }
  }

  mutating func size(_ name: StaticString, _ value: inout Size) throws(SpecError) {
    if let size = try options.size(name.description) { value = size }
  }

  mutating func choice<C: OptionChoice>(_ name: StaticString, _ value: inout C)
    throws(SpecError)
  {
    guard let node = options[name.description] else { return }
    let text = try node.choice(C.choices.map(\.choiceName.description))
    value = C.choices.first { $0.choiceName.description == text } ?? value
  }

  mutating func perSection(
    _ name: StaticString, member: StaticString, fallback: Int, _ value: inout [Int]
  ) throws(SpecError) {
    var counts: [Int] = []
    for section in sections {
      counts.append(try section[member.description]?.integer() ?? fallback)
    }
    value = counts
  }

  mutating func spans(_ name: StaticString, _ value: inout [MosaicLayout.Span])
    throws(SpecError)
  {
    guard let pattern = try options[name.description]?.array() else { return }
    var spans: [MosaicLayout.Span] = []
    for node in pattern {
      let span = try node.object(allowing: ["columns", "rows"])
      spans.append(
        MosaicLayout.Span(
          columns: try span["columns"]?.integer() ?? 1, rows: try span["rows"]?.integer() ?? 1))
    }
    value = spans
  }

  mutating func columns(
    count: StaticString, minimumWidth: StaticString, _ value: inout GridLayout.Columns
  ) throws(SpecError) {
    switch (options[count.description], options[minimumWidth.description]) {
    case (.some, .some):
      throw SpecError(
        path: options.path + "." + minimumWidth.description,
        message: "give \(count) or \(minimumWidth), not both")
    case (.some(let node), nil): value = .count(try node.integer())
    case (nil, .some(let node)): value = .minimumWidth(try node.number())
    case (nil, nil): break
    }
  }
}
