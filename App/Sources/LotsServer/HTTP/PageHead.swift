import LotsCore

/// What a page tells a browser tab and a link preview: its title, a description, and for a
/// post its photo (Open Graph and Twitter card tags), written into the app shell's `<head>`.
/// Every value is user text at some point (a caption, a name), so each is escaped here.
struct PageHead: Sendable, Equatable {
  /// The document's title, "… · LOTs".
  var title: String
  /// One or two sentences about the page.
  var description: String
  /// An absolute URL of the page's photo, with its size and description.
  var image: Image?

  struct Image: Sendable, Equatable {
    var url: String
    var width: Int
    var height: Int
    var alt: String
  }

  static let site = "LOTs"
  static let main = PageHead(
    title: "LOTs — Lunch Of Today",
    description: "Photos of today's lunches and where to eat them: browse, like, and keep "
      + "the places you want to try.")
  static let notFound = PageHead(
    title: "Not found · LOTs", description: "There is no page at this address on LOTs.")

  /// Booster's pages' description.
  static let booster =
    "Booster: order prints from the shops near your campus, pay with credits and follow "
    + "your order until you pick it up."

  /// The head of a static page of the app (`inspire`, `post`…; `number` for an order's), or
  /// Main's for others.
  static func page(_ route: String, number: Int64? = nil) -> PageHead {
    let titles = [
      "inspire": "Inspire", "post": "New post", "likes": "Your likes", "signin": "Sign in",
      "signup": "Sign up", "account": "Account", "lists": "Your lists",
      "search": "Search", "notifications": "Notifications", "print": "Booster",
      "print/me": "My page · Booster", "print/order": "New order · Booster",
      "print/shop": "Shop console · Booster",
      "print/orders": "Order \(number ?? 0) · Booster",
    ]
    guard let title = titles[route] else { return main }
    let description = route.hasPrefix("print") ? booster : main.description
    return PageHead(title: "\(title) · \(site)", description: description)
  }

  /// A print store's head: "Copy Corner Mitte · Booster · LOTs".
  static func printStore(name: String, address: String) -> PageHead {
    PageHead(
      title: "\(name) · Booster · \(site)",
      description: "\(name), \(address): prices, opening hours and queue. \(booster)")
  }

  /// A profile's head.
  static func profile(_ username: String) -> PageHead {
    PageHead(
      title: "@\(username) · \(site)", description: "Lunches posted by @\(username) on LOTs.")
  }

  /// A restaurant's head: "Phở Real, Kreuzberg · LOTs".
  static func restaurant(_ restaurant: Restaurant) -> PageHead {
    let place =
      restaurant.area.isEmpty ? restaurant.name : "\(restaurant.name), \(restaurant.area)"
    let photos = restaurant.postCount == 1 ? "1 lunch" : "\(restaurant.postCount) lunches"
    return PageHead(
      title: "\(place) · \(site)", description: "\(photos) at \(place), posted on LOTs.")
  }

  /// A list's head: "Date night · LOTs" (only ever for its owner or through its link).
  static func list(_ list: PocketList) -> PageHead {
    let count = list.entryCount == 1 ? "1 place" : "\(list.entryCount) places"
    return PageHead(
      title: "\(list.name) · \(site)", description: "\(list.name): \(count) to eat, on LOTs.")
  }

  /// A post's head: "Pasta La Vista — Pho by @jonas · LOTs", its caption, its display photo.
  /// - Parameter origin: The scheme and host the photo's absolute URL starts with.
  static func post(_ post: Post, origin: String) -> PageHead {
    let dish = excerpt(post.caption, limit: 40)
    let title =
      dish.isEmpty
      ? "\(post.restaurant) by @\(post.author.username) · \(site)"
      : "\(post.restaurant) — \(dish) by @\(post.author.username) · \(site)"
    let about = "Lunch at \(post.restaurant), posted by @\(post.author.username) on LOTs."
    let description = post.caption.isEmpty ? about : excerpt(post.caption, limit: 200)
    let width = post.photo.displayWidth
    let height = Int(
      (Double(post.photo.height) * Double(width) / Double(max(post.photo.width, 1))).rounded())
    return PageHead(
      title: title, description: description,
      image: Image(
        url: origin + post.photo.displayURL, width: width, height: height,
        alt: post.caption.isEmpty ? about : excerpt(post.caption, limit: 200)))
  }

  /// The start of `text` on one line, at most `limit` characters, cut at a word with "…".
  /// - Complexity: O(*n*) in the text's length.
  static func excerpt(_ text: String, limit: Int) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    guard line.count > limit else { return line }
    let cut = line.prefix(limit - 1)
    let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
    return atWord.trimmingTrailingPunctuation() + "…"
  }

  /// The tags, escaped, one per line.
  var html: String {
    var lines = [
      "<title>\(Self.escape(title))</title>",
      #"<meta name="description" content="\#(Self.escape(description))">"#,
      #"<meta property="og:site_name" content="LOTs">"#,
      #"<meta property="og:title" content="\#(Self.escape(title))">"#,
      #"<meta property="og:description" content="\#(Self.escape(description))">"#,
    ]
    if let image {
      lines += [
        #"<meta property="og:type" content="article">"#,
        #"<meta property="og:image" content="\#(Self.escape(image.url))">"#,
        #"<meta property="og:image:width" content="\#(image.width)">"#,
        #"<meta property="og:image:height" content="\#(image.height)">"#,
        #"<meta property="og:image:alt" content="\#(Self.escape(image.alt))">"#,
        #"<meta name="twitter:card" content="summary_large_image">"#,
      ]
    } else {
      lines.append(#"<meta property="og:type" content="website">"#)
    }
    return lines.joined(separator: "\n  ")
  }

  /// Text safe inside an element or a double-quoted attribute.
  /// - Complexity: O(*n*).
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }
}

extension Substring {
  fileprivate func trimmingTrailingPunctuation() -> Substring {
    var text = self
    while let last = text.last, last == " " || last == "," || last == ";" || last == ":" {
      text.removeLast()
    }
    return text
  }
}
