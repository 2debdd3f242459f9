/// What a pocket list's first screen shows of an entry, read back from the list page's own
/// JSON (which the document carries for the page, byte for byte).
struct FirstScreenEntry: Decodable, Sendable {
  struct Place: Decodable, Sendable {
    let id: Int64
    let name: String
    let area: String?
  }
  struct List: Decodable, Sendable {
    let name: String
    let kind: String
    let entryCount: Int
    let shared: Bool
  }
  struct Page: Decodable, Sendable {
    let list: List
    let items: [FirstScreenEntry]
  }

  let note: String?
  let post: FirstScreenPost?
  let restaurant: Place?
  let cover: FirstScreenPost.Photo?

  /// The size it is laid out by (pocket-list.js `sectionsOf`): its photo's, its cover's, or a
  /// square.
  var size: (width: Double, height: Double) {
    let photo = post?.photo ?? cover
    let width = photo?.width ?? 0
    let height = photo?.height ?? 0
    return (width > 0 ? width : 1, height > 0 ? height : 1)
  }

  /// The cell's background: the post's or the cover's dominant colour, else the cell's own.
  var color: String { (post?.photo ?? cover)?.color ?? "" }
}
