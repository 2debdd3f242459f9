extension StackLayout {
  /// The items whose frames (before their transforms) intersect `rect`, tilted for `offset`.
  ///
  /// - Complexity: O(k) for k items in the rect.
  public func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    let range = items(overlappingY: rect.minY, rect.maxY)
    var result: [LayoutAttributes] = []
    result.reserveCapacity(range.count)
    for item in range {
      let attributes = attributes(ofItem: item, offset: offset)
      if attributes.frame.intersects(rect) { result.append(attributes) }
    }
    return result
  }

  /// The attributes of one cell of section 0; `nil` for headers, footers and missing items.
  ///
  /// - Complexity: O(1).
  public func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    guard kind == .cell, path.section == 0, path.item >= 0, path.item < count else {
      return nil
    }
    return attributes(ofItem: path.item, offset: offset)
  }

  /// The tilt of an item whose frame starts `y` points below the top of the viewport.
  func tilt(screenY y: Double) -> Double {
    let position = viewportHeight > 0 ? min(max(y / viewportHeight, 0), 1) : 0
    let start = initialTilt
    return start + (Self.maximumTilt - start) * position.sanitizedCoordinate
  }

  /// The stacked attributes of item i at `offset`: rounded frame, zIndex i, tilt transform.
  func attributes(ofItem item: Int, offset: Point) -> LayoutAttributes {
    let frame = frame(item)
    let theta = tilt(screenY: frame.minY - offset.y.sanitizedCoordinate)
    let (sine, cosine) = Trigonometry.sinCos(theta)
    // θ lies in [−π/2.5, −π/10], so the sine is at most sin(−π/10) < 0: never a division by 0.
    let radius = itemHeight / 2 + abs(zOffset / sine)
    let transform = LayoutTransform(
      translateY: -radius * (1 - cosine), translateZ: radius * sine, rotateX: theta,
      perspective: Self.perspective)
    return LayoutAttributes(
      path: ItemPath(section: 0, item: item), frame: context.pixelGrid.round(frame),
      zIndex: item, transform: transform)
  }

  /// The items whose frames overlap the open interval (`low`, `high`) of y.
  func items(overlappingY low: Double, _ high: Double) -> Range<Int> {
    let line = SlotLine(
      origin: top, pitch: spacing, itemLength: itemHeight, count: count,
      viewportLength: viewportHeight, contentLength: 0)
    let margin = context.pixelGrid.scale > 0 ? 1 / context.pixelGrid.scale : 0
    return line.slots(overlapping: low - margin, high + margin)
  }
}
