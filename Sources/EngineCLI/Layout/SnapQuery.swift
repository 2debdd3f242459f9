import CollectionLayout

/// The spec's optional `"snap": {"proposed": {"x", "y"}, "velocity": {"x", "y"}}` query: where
/// a scroll released at `proposed` with `velocity` (points per second) comes to rest, and the
/// item focused there. Every layout answers (`targetContentOffset`); the focused item is
/// `null` for layouts without one (`FocusingLayout`).
struct SnapQuery {
  var proposed: Point
  var velocity: Point

  /// Reads the `"snap"` member of the spec, or `nil` when there is none.
  static func parse(_ root: JSONNode) throws -> SnapQuery? {
    guard case .object(let members) = root.value, let value = members["snap"], value != .null
    else { return nil }
    let json = try JSONNode(value: value, path: root.path + ".snap")
      .object(allowing: ["proposed", "velocity"])
    return SnapQuery(
      proposed: try json.point("proposed") ?? .zero, velocity: try json.point("velocity") ?? .zero)
  }

  /// The output member `"snap": {"target": {"x", "y"}, "focusedItem": n | null}`.
  func output(_ layout: any Layout) -> (String, (inout JSONWriter) -> Void) {
    let target = layout.targetContentOffset(proposed: proposed, velocity: velocity)
    let focused = (layout as? any FocusingLayout)?.focusedItem(at: target)
    return (
      "snap",
      {
        $0.object([
          ("target", { $0.point(target) }),
          (
            "focusedItem",
            { writer in
              if let focused { writer.number(Double(focused.item)) } else { writer.raw("null") }
            }
          ),
        ])
      }
    )
  }
}
