/// Writes compact JSON text by hand (keys in the order given), fast enough for a million
/// attributes and with numbers printed as integers when they are whole.
struct JSONWriter {
  private(set) var text = ""

  mutating func raw(_ fragment: String) { text += fragment }

  mutating func number(_ value: Double) {
    if value == value.rounded(.towardZero) && abs(value) < 1e15 {
      text += String(Int(value))
    } else {
      text += "\(value)"
    }
  }

  mutating func string(_ value: String) {
    text += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    text += "\""
  }

  /// Writes `{"key": value, ...}` with each member written by its closure.
  mutating func object(_ members: [(String, (inout JSONWriter) -> Void)]) {
    text += "{"
    for (offset, member) in members.enumerated() {
      if offset > 0 { text += "," }
      string(member.0)
      text += ":"
      member.1(&self)
    }
    text += "}"
  }

  /// Writes `[...]` with one closure call per element.
  mutating func array<S: Sequence>(_ elements: S, _ write: (inout JSONWriter, S.Element) -> Void) {
    text += "["
    var first = true
    for element in elements {
      if !first { text += "," }
      first = false
      write(&self, element)
    }
    text += "]"
  }
}
