/// The carousel's formulas, as functions of an item's distance d from the viewport's centre
/// along the axis (LNZCarouselCollectionViewLayout's, with the division by zero it allows for
/// a zero `scalingOffset` or item width made explicit).
struct CarouselScaling: Hashable, Sendable {
  var scalingOffset: Double
  var minimumScaleFactor: Double
  var sideItemAlpha: Double
  /// The distance over which the opacity fades to `sideItemAlpha`: one item length.
  var fadingDistance: Double

  /// 1 + min(|d|, scalingOffset) · (minimumScaleFactor − 1) / scalingOffset; with a zero
  /// scaling offset the limit: 1 at the centre, `minimumScaleFactor` anywhere else.
  func scale(distance: Double) -> Double {
    let distance = distance.isNaN ? 0 : abs(distance)
    guard scalingOffset > 0 else { return distance == 0 ? 1 : minimumScaleFactor }
    return 1 + min(distance, scalingOffset) * (minimumScaleFactor - 1) / scalingOffset
  }

  /// ratio · (1 − sideItemAlpha) + sideItemAlpha with ratio = (D − min(|d|, D)) / D for the
  /// fading distance D: 1 at the centre, `sideItemAlpha` from one item length away.
  func alpha(distance: Double) -> Double {
    let distance = distance.isNaN ? 0 : abs(distance)
    guard fadingDistance > 0 else { return distance == 0 ? 1 : sideItemAlpha }
    let ratio = (fadingDistance - min(distance, fadingDistance)) / fadingDistance
    return ratio * (1 - sideItemAlpha) + sideItemAlpha
  }

  /// The stacking order: the scale in hundred-thousandths (LNZ's factor), so the larger item
  /// is always in front. The scale is at most 10, so this never overflows.
  static func zIndex(scale: Double) -> Int {
    Int((scale * 100_000).rounded(.toNearestOrEven))
  }
}
