import CollectionLayout

/// A boxed layout seen as a `Layout`, so that one `ItemMovement` specialisation serves every
/// kind (Embedded Swift specialises generics per type: one per kind would cost the module
/// three copies). Its updates reflow the box in place, so the layout's handle answers every
/// query with the reflowed frames while the movement lasts.
package struct BoxedLayout: Layout {
  let box: LayoutBox

  package var context: LayoutContext { box.context }
  package mutating func prepare(_ context: LayoutContext) { box.reflow(prepare: context) }
  package mutating func apply(_ update: LayoutUpdate) { box.reflow(update) }
  package var contentSize: Size { box.contentSize }
  package func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    box.attributes(in: rect, offset: offset)
  }
  package func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    box.attributes(of: kind, at: path, offset: offset)
  }
}
