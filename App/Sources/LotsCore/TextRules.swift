/// What visible text people write may contain: the characters that can hide, reorder or pile up
/// text are refused, so that what one person types is what every other person sees.
///
/// - Controls (C0, C1, line and paragraph separators; newlines only where text is multiline).
/// - Invisible characters and direction controls: the format characters (zero-width spaces,
///   word joiners, the byte-order mark, soft hyphens, direction marks, embeddings, overrides
///   and isolates, language tags), the Hangul fillers that render as nothing, private-use and
///   unassigned code points. Two joiners that scripts need stay: the zero-width non-joiner
///   (Persian, Indic) and the zero-width joiner (Indic, emoji sequences), each only between two
///   visible characters; tag characters only inside a flag's emoji sequence.
/// - Floods: more than ``maximumMarksPerCharacter`` combining marks on one character, or more
///   than ``maximumScalarsPerCharacter`` code points in one character (no script needs more;
///   "zalgo" text stacks hundreds).
public enum TextRules {
  /// The most combining marks one user-perceived character may carry (Vietnamese and Hebrew
  /// with cantillation need up to four).
  public static let maximumMarksPerCharacter = 8
  /// The most code points in one user-perceived character (the longest emoji sequences, a
  /// family with skin tones, have ten).
  public static let maximumScalarsPerCharacter = 16

  /// The first rule `text` breaks, as a phrase for a message ("must not contain …"), or nil.
  ///
  /// - Complexity: O(*n*) for *n* code points.
  public static func problem(in text: String, multiline: Bool) -> String? {
    for character in text {
      let scalars = character.unicodeScalars
      if scalars.count > maximumScalarsPerCharacter {
        return
          "must not contain a character of more than \(maximumScalarsPerCharacter) code points"
      }
      let marks = scalars.count { isMark($0) }
      if marks > maximumMarksPerCharacter {
        return "must not stack more than \(maximumMarksPerCharacter) marks on one character"
      }
    }
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      if scalar == "\n" {
        if multiline { continue }
        return "must not contain line breaks"
      }
      if isHidden(scalar) {
        let before = index > 0 ? scalars[index - 1] : nil
        let after = index + 1 < scalars.count ? scalars[index + 1] : nil
        if isJoiner(scalar), let before, let after, isVisible(before), isVisible(after) {
          continue
        }
        if isTag(scalar), inFlagSequence(scalars, at: index) { continue }
        return "must not contain invisible or direction-changing characters"
      }
      if Validation.isControl(scalar) { return "must not contain control characters" }
    }
    return nil
  }

  /// Combining marks: nonspacing and enclosing (spacing marks are visible vowel signs).
  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Characters that show nothing or steer how the text around them shows.
  static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .privateUse, .unassigned, .surrogate: return true
    case .format:
      // The prepended concatenation marks (Arabic number signs and the like) are visible.
      return !prependedConcatenationMarks.contains(scalar.value)
    default:
      // Hangul fillers and the combining grapheme joiner render as nothing.
      return [0x115F, 0x1160, 0x3164, 0xFFA0, 0x034F].contains(scalar.value)
    }
  }

  /// The format characters that show: Arabic, Syriac and Kaithi number and year signs
  /// (Unicode's Prepended_Concatenation_Mark property).
  static let prependedConcatenationMarks: Set<UInt32> = [
    0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2,
    0x110BD, 0x110CD,
  ]

  static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x200C || scalar.value == 0x200D
  }

  static func isTag(_ scalar: Unicode.Scalar) -> Bool {
    (0xE0020...0xE007F).contains(scalar.value)
  }

  /// Whether a character that joiners may sit beside is visible: not a space, not hidden.
  static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.properties.isWhitespace && !isHidden(scalar) && !Validation.isControl(scalar)
  }

  /// Whether the tag at `index` belongs to a flag: the black flag (U+1F3F4), then tags only.
  static func inFlagSequence(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    var start = index
    while start > 0, isTag(scalars[start - 1]) { start -= 1 }
    return start > 0 && scalars[start - 1].value == 0x1F3F4
  }
}
