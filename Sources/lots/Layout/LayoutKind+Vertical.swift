import CollectionLayout

/// The section chrome options every vertical kind shares.
private let chromeOptions = [
  "sectionInset", "headerHeight", "footerHeight", "headerInset", "footerInset",
]

extension JSONObject {
  /// Reads the section chrome every vertical kind shares (`chromeOptions`); absent members
  /// keep the option's default.
  func readChrome<Options: SectionChromeOptions>(into options: inout Options) throws {
    options.sectionInset = try insets("sectionInset") ?? options.sectionInset
    options.headerHeight = try self["headerHeight"]?.number() ?? options.headerHeight
    options.footerHeight = try self["footerHeight"]?.number() ?? options.footerHeight
    options.headerInset = try insets("headerInset") ?? options.headerInset
    options.footerInset = try insets("footerInset") ?? options.footerInset
  }
}

extension LayoutKind {
  /// `"waterfall"`: `WaterfallLayout` with CHTCollectionViewWaterfallLayout's option names.
  static let waterfall = LayoutKind(
    name: "waterfall",
    options: chromeOptions + [
      "columnCount", "minimumColumnSpacing", "minimumInteritemSpacing", "itemRenderDirection",
      "minimumContentHeight", "extraHeight", "pinsSectionHeaders",
    ],
    sectionOptions: ["columnCount"]
  ) { json, sections in
    var options = WaterfallLayout.Options()
    options.columnCount = try json["columnCount"]?.integer() ?? options.columnCount
    options.columnCounts = try sections.map {
      try $0["columnCount"]?.integer() ?? options.columnCount
    }
    options.minimumColumnSpacing =
      try json["minimumColumnSpacing"]?.number() ?? options.minimumColumnSpacing
    options.minimumInteritemSpacing =
      try json["minimumInteritemSpacing"]?.number() ?? options.minimumInteritemSpacing
    try json.readChrome(into: &options)
    if let direction = try json["itemRenderDirection"]?.choice(
      ["shortestFirst", "leftToRight", "rightToLeft"])
    {
      options.itemRenderDirection =
        direction == "leftToRight"
        ? .leftToRight : direction == "rightToLeft" ? .rightToLeft : .shortestFirst
    }
    options.minimumContentHeight = try json["minimumContentHeight"]?.number() ?? 0
    options.extraHeight = try json["extraHeight"]?.number() ?? 0
    options.pinsSectionHeaders = try json["pinsSectionHeaders"]?.bool() ?? false
    return WaterfallLayout(options: options)
  }

  /// `"mosaic"`: `MosaicLayout`, the inspire grid.
  static let mosaic = LayoutKind(
    name: "mosaic",
    options: chromeOptions + ["columnCount", "spacing", "alternatesSides", "pattern"]
  ) { json, _ in
    var options = MosaicLayout.Options()
    options.columnCount = try json["columnCount"]?.integer() ?? options.columnCount
    options.spacing = try json["spacing"]?.number() ?? options.spacing
    options.alternatesSides = try json["alternatesSides"]?.bool() ?? options.alternatesSides
    if let pattern = try json["pattern"]?.array() {
      options.pattern = try pattern.map { node in
        let span = try node.object(allowing: ["columns", "rows"])
        return MosaicLayout.Span(
          columns: try span["columns"]?.integer() ?? 1, rows: try span["rows"]?.integer() ?? 1)
      }
    }
    try json.readChrome(into: &options)
    return MosaicLayout(options: options)
  }

  /// `"grid"`: `GridLayout` with UICollectionViewFlowLayout's spacing names.
  static let grid = LayoutKind(
    name: "grid",
    options: chromeOptions + [
      "columnCount", "minimumItemWidth", "minimumInteritemSpacing", "minimumLineSpacing",
      "aspectRatio", "extraHeight", "pinsSectionHeaders",
    ]
  ) { json, _ in
    var options = GridLayout.Options()
    switch (json["columnCount"], json["minimumItemWidth"]) {
    case (.some, .some):
      throw SpecError(
        path: json.path + ".minimumItemWidth",
        message: "give columnCount or minimumItemWidth, not both")
    case (.some(let count), nil): options.columns = .count(try count.integer())
    case (nil, .some(let width)): options.columns = .minimumWidth(try width.number())
    case (nil, nil): break
    }
    options.minimumInteritemSpacing =
      try json["minimumInteritemSpacing"]?.number() ?? options.minimumInteritemSpacing
    options.minimumLineSpacing =
      try json["minimumLineSpacing"]?.number() ?? options.minimumLineSpacing
    options.aspectRatio = try json["aspectRatio"]?.number() ?? options.aspectRatio
    options.extraHeight = try json["extraHeight"]?.number() ?? 0
    try json.readChrome(into: &options)
    options.pinsSectionHeaders = try json["pinsSectionHeaders"]?.bool() ?? false
    return GridLayout(options: options)
  }
}
