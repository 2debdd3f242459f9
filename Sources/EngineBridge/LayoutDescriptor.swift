import CollectionLayout

/// One layout kind's data format: its name, its code across the wasm boundary, and how its
/// options are read from any `OptionSource`. The order of `read`'s calls is the positional
/// format, their names the JSON format, and the values they pass the defaults
/// (docs/layout-spec.md, `Web/toolkit/abi.js`).
package protocol LayoutDescriptor {
  /// The layout a descriptor makes.
  associatedtype Made: Layout
  /// The value of `"kind"` in JSON and JavaScript.
  static var name: StaticString { get }
  /// The kind's code for `lots_layout_create`.
  static var code: Int32 { get }
  /// Reads the kind's options from a source, in the kind's fixed order.
  ///
  /// - Throws: what the source throws for a wrong value (nothing, positionally).
  static func read<Source: OptionSource>(_ source: inout Source) throws(Source.Failure) -> Made
  /// Boxes a layout of this kind for the wasm layout table.
  static func box(_ layout: Made) -> LayoutBox
}

/// Visits each layout kind's descriptor: the one list of kinds, for the wasm exports, the
/// command line and the generated JavaScript alike.
package protocol LayoutDescriptorVisitor {
  /// Called once per kind, in code order.
  mutating func visit<Descriptor: LayoutDescriptor>(_ descriptor: Descriptor.Type)
}

/// The layout kinds.
package enum LayoutDescriptors {
  /// Calls `visitor` with every kind's descriptor, in code order.
  package static func visitAll<Visitor: LayoutDescriptorVisitor>(_ visitor: inout Visitor) {
    visitor.visit(WaterfallDescriptor.self)
    visitor.visit(MosaicDescriptor.self)
    visitor.visit(GridDescriptor.self)
    visitor.visit(SnapDescriptor.self)
    visitor.visit(InfiniteDescriptor.self)
    visitor.visit(CarouselDescriptor.self)
    visitor.visit(StackDescriptor.self)
  }
}
