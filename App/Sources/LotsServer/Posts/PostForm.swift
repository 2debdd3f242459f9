import Foundation
import LotsCore

/// The validated fields of a create-post form.
struct PostForm: Sendable {
  var photo: [UInt8]
  var caption: String
  var restaurant: String
  var mealDate: String

  static let fields: Set<String> = ["photo", "caption", "restaurant", "mealDate"]

  /// Validates a form: known fields once each, text as UTF-8 without control characters, a
  /// meal date that is not later than today anywhere on Earth at `now`.
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
    func text(_ name: String, required: Bool) throws(AppError) -> String {
      guard let part = values[name] else {
        if required { throw AppError.badRequest("missing field '\(name)'", field: name) }
        return ""
      }
      guard let text = String(validating: part.bytes, as: UTF8.self) else {
        throw AppError.badRequest("field '\(name)' must be UTF-8 text", field: name)
      }
      return text
    }
    do {
      self.caption = try Validation.text(
        text("caption", required: false), field: "caption", length: 0...500, multiline: true)
      self.restaurant = try Validation.text(
        text("restaurant", required: true), field: "restaurant", length: 1...100)
      let mealDate = try MealDate(parsing: text("mealDate", required: true))
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
}
