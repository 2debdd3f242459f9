extension StackLayout {
  /// The attributes at the end of opening `path` (the start of closing it) for every item
  /// visible in the viewport at `offset`, plus the chosen one: the chosen item fills the
  /// viewport with the identity transform in front of all; the ones before it wait just above
  /// the viewport, the ones after it just below, all untilted.
  ///
  /// An animator interpolates between these and `attributes(in:offset:)`, or asks
  /// `transitionAttributes(opening:progress:offset:)`.
  ///
  /// - Complexity: O(k) for k visible items.
  public func openedAttributes(of path: ItemPath, offset: Point) -> [LayoutAttributes] {
    transitionAttributes(opening: path, progress: 1, offset: offset)
  }

  /// The attributes part-way through opening `path`: each field interpolated linearly from
  /// the stacked attributes (`progress` 0) to the opened ones (`progress` 1, see
  /// `openedAttributes(of:offset:)`). Closing runs the progress back from 1 to 0.
  ///
  /// - Complexity: O(k) for k visible items.
  public func transitionAttributes(opening path: ItemPath, progress: Double, offset: Point)
    -> [LayoutAttributes]
  {
    guard path.section == 0, path.item >= 0, path.item < count else { return [] }
    let progress = min(max(progress.sanitizedCoordinate, 0), 1)
    let origin = Point(x: offset.x.sanitizedCoordinate, y: offset.y.sanitizedCoordinate)
    let viewport = Rect(origin: origin, size: Size(width: viewportWidth, height: viewportHeight))
    var stacked = attributes(in: viewport, offset: origin)
    if !stacked.contains(where: { $0.path == path }) {
      stacked.append(attributes(ofItem: path.item, offset: origin))
    }
    return stacked.map { start in
      let end = opened(start, chosen: path.item, viewport: viewport)
      return Self.interpolate(start, end, progress)
    }
  }

  private func opened(_ attributes: LayoutAttributes, chosen: Int, viewport: Rect)
    -> LayoutAttributes
  {
    var result = attributes
    result.transform = .identity
    let item = attributes.path.item
    if item == chosen {
      result.frame = context.pixelGrid.round(viewport)
      result.zIndex = count
    } else {
      result.frame.origin.y = item < chosen ? viewport.minY - itemHeight : viewport.maxY
    }
    return result
  }

  static func interpolate(_ a: LayoutAttributes, _ b: LayoutAttributes, _ t: Double)
    -> LayoutAttributes
  {
    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
    var result = t < 1 ? a : b
    result.frame = Rect(
      x: mix(a.frame.minX, b.frame.minX), y: mix(a.frame.minY, b.frame.minY),
      width: mix(a.frame.width, b.frame.width), height: mix(a.frame.height, b.frame.height))
    result.alpha = mix(a.alpha, b.alpha)
    result.transform = LayoutTransform(
      scale: mix(a.transform.scale, b.transform.scale),
      translateX: mix(a.transform.translateX, b.transform.translateX),
      translateY: mix(a.transform.translateY, b.transform.translateY),
      translateZ: mix(a.transform.translateZ, b.transform.translateZ),
      rotateX: mix(a.transform.rotateX, b.transform.rotateX),
      perspective: mix(a.transform.perspective, b.transform.perspective))
    return result
  }
}
