import Foundation
import LotsCore

/// The validated text of a create-post form: caption, restaurant, meal date and one
/// description per photo.
struct PostForm: Sendable {
  var caption: String
  var restaurant: RestaurantChoice
  var mealDate: String
  /// One per photo, in order ("" where none was given).
  var descriptions: [String]

  /// The fields sent once each.
  static let textFields: Set<String> = [
    "caption", "restaurant", "restaurantId", "area", "mealDate",
  ]
  /// The most bytes of one text part: far more than any rule allows, so that text breaking a
  /// rule is told which rule, while a flood is cut off before it is kept.
  static let textPartBytes = 64 * 1024

  /// Whether a part may be read, and how many bytes it may have: a `photo` or a `description`
  /// up to ``LotsCore/PostPhoto/perPostLimit`` times, each text field once.
  /// - Throws: ``AppError`` 400 naming the field.
  static func admit(_ part: MultipartForm.Part, index: Int) throws(AppError) -> Int {
    switch part.name {
    case "photo", "description":
      guard index <= PostPhoto.perPostLimit else {
        var error = AppError.badRequest(
          "a post has at most \(PostPhoto.perPostLimit) photos", field: part.name)
        error.index = index
        throw error
      }
      return part.name == "photo" ? PostRoutes.maximumPhotoBytes : textPartBytes
    case let name where textFields.contains(name):
      guard index == 1 else {
        throw AppError.badRequest("field '\(name)' appears more than once", field: name)
      }
      return textPartBytes
    default:
      throw AppError.badRequest("unknown field '\(part.name.prefix(40))'")
    }
  }

  /// The most characters of each free-text field.
  static let lengths = [
    "caption": 500, "restaurant": 100, "area": 60, "description": PostPhoto.descriptionLimit,
  ]

  /// The answer to a part cut off at its limit: for text (cut at ``textPartBytes``) the rule it
  /// broke, as ``LotsCore/Validation`` words it for a text that arrived whole; for a photo,
  /// which photo.
  static func tooLong(_ error: AppError) -> AppError {
    guard error.status == .contentTooLarge, let field = error.field else { return error }
    if field == "photo", let index = error.index {
      var photo = AppError(error.status, "photo is larger than 10 MB", field: "photo")
      photo.headers = error.headers
      return photo.about(index, of: nil, "Photo")
    }
    guard let length = lengths[field] else {
      return AppError.badRequest("field '\(field)' is too long", field: field)
    }
    var refusal = AppError.badRequest(
      "\(field) must be at most \(Validation.bytesPerCharacter * length) bytes of UTF-8",
      field: field)
    refusal.index = error.index
    return refusal
  }

  /// Validates the text parts of a form of `photoCount` photos: text as UTF-8 without control
  /// characters, a restaurant picked by id or named (with an optional area), a meal date that
  /// is not later than today anywhere on Earth at `now`, and either no description or one per
  /// photo.
  /// - Throws: ``AppError`` naming the field (and, for a description, which).
  init(
    texts values: [String: MultipartForm.Part], descriptions: [MultipartForm.Part],
    photoCount: Int, now: Date
  ) throws(AppError) {
    guard photoCount > 0 else {
      throw AppError.badRequest("missing field 'photo'", field: "photo")
    }
    guard descriptions.isEmpty || descriptions.count == photoCount else {
      throw AppError.badRequest(
        "send one description per photo (\(photoCount)), or none", field: "description")
    }
    caption = try PostRules.caption(Self.text(values, "caption", required: false))
    restaurant = try Self.restaurant(values)
    mealDate = try PostRules.mealDate(Self.text(values, "mealDate", required: true), now: now)
    var texts: [String] = []
    for (offset, part) in descriptions.enumerated() {
      do throws(AppError) {
        guard let text = String(validating: part.bytes, as: UTF8.self) else {
          throw AppError.badRequest("description must be UTF-8 text", field: "description")
        }
        texts.append(try PostRules.description(text))
      } catch {
        throw error.about(offset + 1, of: photoCount, "Description")
      }
    }
    self.descriptions = texts.isEmpty ? Array(repeating: "", count: photoCount) : texts
  }

  /// A text field's value as UTF-8, or "" when an optional field is absent.
  private static func text(
    _ values: [String: MultipartForm.Part], _ name: String, required: Bool
  ) throws(AppError) -> String {
    guard let part = values[name] else {
      if required { throw AppError.badRequest("missing field '\(name)'", field: name) }
      return ""
    }
    guard let text = String(validating: part.bytes, as: UTF8.self) else {
      throw AppError.badRequest("field '\(name)' must be UTF-8 text", field: name)
    }
    return text
  }

  /// The restaurant: `restaurantId` alone, or `restaurant` and an optional `area`.
  private static func restaurant(
    _ values: [String: MultipartForm.Part]
  ) throws(AppError) -> RestaurantChoice {
    if values["restaurantId"] != nil {
      guard values["restaurant"] == nil, values["area"] == nil else {
        throw PostRules.restaurantTwice
      }
      let digits = try text(values, "restaurantId", required: true)
      guard (1...18).contains(digits.utf8.count),
        digits.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int64(digits), id > 0
      else {
        throw AppError.badRequest("restaurantId must be a restaurant's id", field: "restaurantId")
      }
      return .existing(id: id)
    }
    return try PostRules.named(
      text(values, "restaurant", required: true), area: text(values, "area", required: false))
  }
}
