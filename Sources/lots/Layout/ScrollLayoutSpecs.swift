import CollectionLayout

/// The scroll-driven kinds of `lots layout`: `"snap"`, `"infinite"`, `"carousel"` and
/// `"stack"`, with LNZCollectionLayouts' option names (documented in docs/layout-spec.md).
extension LayoutKind {
  /// The options of a snap-to-center row, shared by the three row kinds.
  private static let rowOptions = [
    "axis", "itemSize", "interitemSpacing", "sectionInsetTop", "sectionInsetBottom",
    "minimumSectionInsetLeft", "minimumSectionInsetRight", "centerFirstItem",
    "decelerationRate",
  ]
  private static let infiniteOptions =
    rowOptions + ["snapToCenter", "isInfiniteScrollEnabled", "repeatsItemsOnScreen"]

  /// `"snap"`: `SnapToCenterLayout`.
  static let snap = LayoutKind(name: "snap", options: rowOptions) { json, _ in
    SnapToCenterLayout(options: try rowOptions(json))
  }

  /// `"infinite"`: `InfiniteLayout`.
  static let infinite = LayoutKind(name: "infinite", options: infiniteOptions) { json, _ in
    InfiniteLayout(options: try infiniteOptions(json))
  }

  /// `"carousel"`: `CarouselLayout`.
  static let carousel = LayoutKind(
    name: "carousel",
    options: infiniteOptions + ["scalingOffset", "minimumScaleFactor", "sideItemAlpha"]
  ) { json, _ in
    var options = CarouselLayout.Options()
    options.infinite = try infiniteOptions(json)
    options.scalingOffset = try json["scalingOffset"]?.number() ?? options.scalingOffset
    options.minimumScaleFactor =
      try json["minimumScaleFactor"]?.number() ?? options.minimumScaleFactor
    options.sideItemAlpha = try json["sideItemAlpha"]?.number() ?? options.sideItemAlpha
    return CarouselLayout(options: options)
  }

  /// `"stack"`: `StackLayout`, Safari's tabs.
  static let stack = LayoutKind(
    name: "stack", options: ["sectionInsetTop", "sectionInsetBottom", "itemSize", "zOffset"]
  ) { json, _ in
    var options = StackLayout.Options()
    options.sectionInsetTop = try json["sectionInsetTop"]?.number() ?? options.sectionInsetTop
    options.sectionInsetBottom =
      try json["sectionInsetBottom"]?.number() ?? options.sectionInsetBottom
    options.itemSize = try json.scrollSize("itemSize") ?? options.itemSize
    options.zOffset = try json["zOffset"]?.number() ?? options.zOffset
    return StackLayout(options: options)
  }

  private static func rowOptions(_ json: JSONObject) throws -> SnapToCenterLayout.Options {
    var options = SnapToCenterLayout.Options()
    if let axis = try json["axis"]?.choice(["horizontal", "vertical"]) {
      options.axis = axis == "vertical" ? .vertical : .horizontal
    }
    options.itemSize = try json.scrollSize("itemSize") ?? options.itemSize
    options.interitemSpacing = try json["interitemSpacing"]?.number() ?? options.interitemSpacing
    options.sectionInsetTop = try json["sectionInsetTop"]?.number() ?? options.sectionInsetTop
    options.sectionInsetBottom =
      try json["sectionInsetBottom"]?.number() ?? options.sectionInsetBottom
    options.minimumSectionInsetLeft =
      try json["minimumSectionInsetLeft"]?.number() ?? options.minimumSectionInsetLeft
    options.minimumSectionInsetRight =
      try json["minimumSectionInsetRight"]?.number() ?? options.minimumSectionInsetRight
    options.centerFirstItem = try json["centerFirstItem"]?.bool() ?? options.centerFirstItem
    options.decelerationRate = try json["decelerationRate"]?.number() ?? options.decelerationRate
    return options
  }

  private static func infiniteOptions(_ json: JSONObject) throws -> InfiniteLayout.Options {
    var options = InfiniteLayout.Options()
    options.row = try rowOptions(json)
    options.snapToCenter = try json["snapToCenter"]?.bool() ?? options.snapToCenter
    options.isInfiniteScrollEnabled =
      try json["isInfiniteScrollEnabled"]?.bool() ?? options.isInfiniteScrollEnabled
    options.repeatsItemsOnScreen =
      try json["repeatsItemsOnScreen"]?.bool() ?? options.repeatsItemsOnScreen
    return options
  }
}

extension JSONObject {
  /// The member `key` as a size `{"width", "height"}`.
  func scrollSize(_ key: String) throws -> Size? {
    guard let node = self[key] else { return nil }
    let members = try node.object(allowing: ["width", "height"])
    return Size(
      width: try members.required("width").number(),
      height: try members.required("height").number())
  }
}
