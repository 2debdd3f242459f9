import CollectionLayout
import Testing

@Suite struct GeometryTests {
  @Test func touchingRectsDoNotIntersect() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
    #expect(a.intersects(Rect(x: 9.5, y: 9.5, width: 5, height: 5)))
  }

  @Test func pixelGridRoundsEdgesTiesToEven() {
    let grid = PixelGrid(scale: 2)
    #expect(
      grid.round(Rect(x: 0.3, y: 1.25, width: 10.1, height: 0.5))
        == Rect(x: 0.5, y: 1, width: 10, height: 1))
    #expect(PixelGrid(scale: .nan).round(0.3) == 0.3)
  }

  @Test func hostileLengthsBecomeZero() {
    #expect(Double.nan.sanitizedLength == 0)
    #expect((-3.0).sanitizedLength == 0)
    #expect(Double.infinity.sanitizedLength == 0)
    #expect(4.5.sanitizedLength == 4.5)
  }
}
