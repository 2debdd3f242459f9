/// What a user name looks like, for telling apart names that only look different: two names
/// with one skeleton read as the same person (`Iucia` and `lucia`, `ana.` and `ana`), so a new
/// name whose skeleton an existing name has is refused.
///
/// The skeleton of Unicode TR39 (§4), over the user-name alphabet (ASCII letters, digits, `_`,
/// `.`, `-`): the characters that TR39's confusables map within that alphabet become their
/// prototypes (`I`, `1` → `l`; `0` → `o`), the name is case folded, then `m` becomes `rn`, `w`
/// becomes `vv` and `d` becomes `cl` (the multi-letter confusables of lower case), and the
/// separators `_`, `.`, `-` are dropped (they separate words nobody reads as different).
public enum UsernameSkeleton {
  /// The skeleton of a user name.
  /// - Complexity: O(*n*) for *n* characters.
  public static func of(_ name: String) -> String {
    var skeleton = ""
    skeleton.reserveCapacity(name.utf8.count + 4)
    for scalar in name.unicodeScalars {
      switch scalar {
      case "I", "1", "|": skeleton += "l"
      case "0": skeleton += "o"
      case "_", ".", "-": continue
      default:
        switch Character(scalar).lowercased() {
        case "m": skeleton += "rn"
        case "w": skeleton += "vv"
        case "d": skeleton += "cl"
        case let folded: skeleton += folded
        }
      }
    }
    return skeleton
  }

  /// The skeleton as a PostgreSQL expression over the column `column`, for migrating existing
  /// rows; it must agree with ``of(_:)`` on every valid user name (a test checks it does).
  public static func sql(_ column: String) -> String {
    let mapped = "translate(\(column), 'I10_.-', 'llo')"
    return "replace(replace(replace(lower(\(mapped)), 'm', 'rn'), 'w', 'vv'), 'd', 'cl')"
  }
}
