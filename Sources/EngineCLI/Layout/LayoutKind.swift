import CollectionLayout
import EngineBridge

/// How one layout kind of `lots-engine layout` reads its options from the spec's `"layout"`
/// object: its descriptor read through a `JSONSource`, with the option names and defaults the
/// descriptor declares (recorded once by an `OptionRecorder`).
struct LayoutKind: Sendable {
  /// The value of `"kind"`.
  let name: String
  /// The kind's code across the wasm boundary.
  let code: Int32
  /// The kind's options in positional order, with their JSON names and defaults.
  let fields: [OptionField]
  /// Builds the layout from its options and the spec's section objects.
  let make:
    @Sendable (_ options: JSONObject, _ sections: [JSONObject]) throws(SpecError) -> any Layout

  /// The option names accepted in the `"layout"` object besides `"kind"`.
  var options: [String] { fields.flatMap(\.jsonNames) }
  /// Extra per-section fields this kind reads (besides items and header/footer heights).
  var sectionOptions: [String] { fields.compactMap(\.sectionMember) }

  /// Every kind, in code order (`LayoutDescriptors`).
  static let all: [LayoutKind] = {
    var collector = Collector()
    LayoutDescriptors.visitAll(&collector)
    return collector.kinds
  }()

  private struct Collector: LayoutDescriptorVisitor {
    var kinds: [LayoutKind] = []

    mutating func visit<Descriptor: LayoutDescriptor>(_ descriptor: Descriptor.Type) {
      var recorder = OptionRecorder()
      _ = Descriptor.read(&recorder)
      kinds.append(
        LayoutKind(
          name: Descriptor.name.description, code: Descriptor.code, fields: recorder.fields
        ) { options, sections throws(SpecError) in
          var source = JSONSource(options: options, sections: sections)
          return try Descriptor.read(&source)
        })
    }
  }
}

extension JSONObject {
  /// The member `key` as insets `{"top", "left", "bottom", "right"}` (each optional, default 0).
  func insets(_ key: String) throws(SpecError) -> Insets? {
    guard let node = self[key] else { return nil }
    let members = try node.object(allowing: ["top", "left", "bottom", "right"])
    return Insets(
      top: try members["top"]?.number() ?? 0, left: try members["left"]?.number() ?? 0,
      bottom: try members["bottom"]?.number() ?? 0, right: try members["right"]?.number() ?? 0)
  }

  /// The member `key` as a point `{"x", "y"}`.
  func point(_ key: String) throws(SpecError) -> Point? {
    guard let node = self[key] else { return nil }
    let members = try node.object(allowing: ["x", "y"])
    return Point(x: try members.required("x").number(), y: try members.required("y").number())
  }

  /// The member `key` as a size `{"width", "height"}`.
  func size(_ key: String) throws(SpecError) -> Size? {
    guard let node = self[key] else { return nil }
    let members = try node.object(allowing: ["width", "height"])
    return Size(
      width: try members.required("width").number(),
      height: try members.required("height").number())
  }

  /// The member `key` as a rect `{"x", "y", "width", "height"}`.
  func rect(_ key: String) throws(SpecError) -> Rect? {
    guard let node = self[key] else { return nil }
    let members = try node.object(allowing: ["x", "y", "width", "height"])
    return Rect(
      x: try members.required("x").number(), y: try members.required("y").number(),
      width: try members.required("width").number(),
      height: try members.required("height").number())
  }
}
