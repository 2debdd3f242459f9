import CollectionLayout
import EngineBridge

/// Writes a descriptor's format down: the name, shape and default of each option, in the
/// order the descriptor reads them. The defaults are the values the descriptor passes, those of
/// the layout's `Options`.
struct OptionRecorder: OptionSource {
  typealias Failure = Never
  private(set) var fields: [OptionField] = []

  private mutating func add(
    _ name: StaticString, _ shape: OptionField.Shape, _ defaultValue: String
  ) {
    fields.append(
      OptionField(
        name: name.description, shape: shape, defaultValue: defaultValue,
        jsonNames: [name.description]))
  }

  mutating func number(_ name: StaticString, _ value: inout Double) {
    add(name, .number, JavaScript.number(value))
  }

  mutating func integer(_ name: StaticString, _ value: inout Int) {
    add(name, .integer, String(value))
  }

  mutating func flag(_ name: StaticString, _ value: inout Bool) {
    add(name, .flag, String(value))
  }

  mutating func insets(_ name: StaticString, _ value: inout Insets) {
    add(
      name, .insets,
      JavaScript.object([
        ("top", JavaScript.number(value.top)), ("left", JavaScript.number(value.left)),
        ("bottom", JavaScript.number(value.bottom)), ("right", JavaScript.number(value.right)),
      ]))
  }

  mutating func size(_ name: StaticString, _ value: inout Size) {
    add(
      name, .size,
      JavaScript.object([
        ("width", JavaScript.number(value.width)), ("height", JavaScript.number(value.height)),
      ]))
  }

  mutating func choice<C: OptionChoice>(_ name: StaticString, _ value: inout C) {
    add(name, .choice, JavaScript.string(value.choiceName.description))
    fields[fields.count - 1].choices = C.choices.map(\.choiceName.description)
  }

  mutating func perSection(
    _ name: StaticString, member: StaticString, fallback: Int, _ value: inout [Int]
  ) {
    add(name, .perSection, "[" + value.map(String.init).joined(separator: ", ") + "]")
    fields[fields.count - 1].jsonNames = []
    fields[fields.count - 1].sectionMember = member.description
  }

  mutating func spans(_ name: StaticString, _ value: inout [MosaicLayout.Span]) {
    let spans = value.map {
      JavaScript.object([("columns", String($0.columns)), ("rows", String($0.rows))])
    }
    add(name, .spans, "[" + spans.joined(separator: ", ") + "]")
  }

  mutating func columns(
    count: StaticString, minimumWidth: StaticString, _ value: inout GridLayout.Columns
  ) {
    let (columns, width): (Int, Double) =
      switch value {
      case .count(let columns): (columns, 0)
      case .minimumWidth(let width): (0, width)
      }
    add(
      "columns", .columns,
      JavaScript.object([
        (count.description, String(columns)), (minimumWidth.description, JavaScript.number(width)),
      ]))
    fields[fields.count - 1].jsonNames = [count.description, minimumWidth.description]
  }
}
