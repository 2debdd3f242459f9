import Foundation
import LotsCore

/// The validated fields of a create-post form.
struct PostForm: Sendable {
  var photo: [UInt8]
  var caption: String
  var restaurant: RestaurantChoice
  var mealDate: String

  static let fields: Set<String> = [
    "photo", "caption", "restaurant", "restaurantId", "area", "mealDate",
  ]

  /// Validates a form: known fields once each, text as UTF-8 without control characters, a
  /// restaurant picked by id or named (with an optional area), a meal date that is not later
  /// than today anywhere on Earth at `now`.
  /// - Throws: ``AppError`` naming the field.
  init(_ form: MultipartForm, now: Date) throws(AppError) {
    var values: [String: MultipartForm.Part] = [:]
    for part in form.parts {
      guard Self.fields.contains(part.name) else {
        throw AppError.badRequest("unknown field '\(part.name.prefix(40))'")
      }
      guard values[part.name] == nil else {
        throw AppError.badRequest("field '\(part.name)' appears more than once", field: part.name)
      }
      values[part.name] = part
    }
    guard let photo = values["photo"], !photo.bytes.isEmpty else {
      throw AppError.badRequest("missing field 'photo'", field: "photo")
    }
    guard photo.bytes.count <= PostRoutes.maximumPhotoBytes else {
      throw AppError(.contentTooLarge, "photo is larger than 10 MB", field: "photo")
    }
    do {
      self.caption = try Validation.text(
        Self.text(values, "caption", required: false), field: "caption", length: 0...500,
        multiline: true)
      self.restaurant = try Self.restaurant(values)
      let mealDate = try MealDate(parsing: Self.text(values, "mealDate", required: true))
      guard mealDate <= MealDate.latestToday(secondsSince1970: Int64(now.timeIntervalSince1970))
      else {
        throw AppError.badRequest("the meal date cannot be in the future", field: "mealDate")
      }
      self.mealDate = mealDate.description
    } catch let error as ValidationError {
      throw AppError(error)
    } catch let error as AppError {
      throw error
    } catch {
      throw AppError.badRequest("invalid form")
    }
    self.photo = photo.bytes
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
  private static func restaurant(_ values: [String: MultipartForm.Part]) throws -> RestaurantChoice
  {
    if values["restaurantId"] != nil {
      guard values["restaurant"] == nil, values["area"] == nil else {
        throw AppError.badRequest(
          "give restaurantId, or restaurant and area, not both", field: "restaurantId")
      }
      let digits = try text(values, "restaurantId", required: true)
      guard (1...18).contains(digits.utf8.count),
        digits.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int64(digits), id > 0
      else {
        throw AppError.badRequest("restaurantId must be a restaurant's id", field: "restaurantId")
      }
      return .existing(id: id)
    }
    let name = try Validation.text(
      text(values, "restaurant", required: true), field: "restaurant", length: 1...100)
    guard !TextFolding.key(name).isEmpty else {
      throw AppError.badRequest("restaurant must contain a letter or a digit", field: "restaurant")
    }
    let area = try Validation.text(
      text(values, "area", required: false), field: "area", length: 0...60)
    return .named(name: name, area: area)
  }
}
