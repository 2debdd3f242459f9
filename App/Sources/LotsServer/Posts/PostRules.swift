import Foundation
import LotsCore

/// The rules of a post's text, shared by posting (``PostForm``) and editing (``PostChange``).
enum PostRules {
  /// A caption: 0–500 characters, line breaks allowed.
  static func caption(_ text: String) throws(AppError) -> String {
    do {
      return try Validation.text(text, field: "caption", length: 0...500, multiline: true)
    } catch {
      throw AppError(error)
    }
  }

  /// A photo's description: the caption's rules, at most 1,000 characters.
  static func description(_ text: String) throws(AppError) -> String {
    do {
      return try Validation.text(
        text, field: "description", length: 0...PostPhoto.descriptionLimit, multiline: true)
    } catch {
      throw AppError(error)
    }
  }

  /// A meal date: a real day, not later than today anywhere on Earth at `now`.
  static func mealDate(_ text: String, now: Date) throws(AppError) -> String {
    let mealDate: MealDate
    do {
      mealDate = try MealDate(parsing: text)
    } catch {
      throw AppError(error)
    }
    guard mealDate <= MealDate.latestToday(secondsSince1970: Int64(now.timeIntervalSince1970))
    else {
      throw AppError.badRequest("the meal date cannot be in the future", field: "mealDate")
    }
    return mealDate.description
  }

  /// A restaurant named by a person: its name (1–100 characters with a letter or a digit) and
  /// an optional area (0–60 characters, one line).
  static func named(_ name: String, area: String) throws(AppError) -> RestaurantChoice {
    do {
      let name = try Validation.text(name, field: "restaurant", length: 1...100)
      guard !TextFolding.key(name).isEmpty else {
        throw AppError.badRequest(
          "restaurant must contain a letter or a digit", field: "restaurant")
      }
      return .named(name: name, area: try Validation.text(area, field: "area", length: 0...60))
    } catch let error as ValidationError {
      throw AppError(error)
    } catch let error as AppError {
      throw error
    } catch {
      throw AppError.badRequest("invalid restaurant", field: "restaurant")
    }
  }

  /// The refusal of `restaurantId` sent with `restaurant` or `area`.
  static let restaurantTwice = AppError.badRequest(
    "give restaurantId, or restaurant and area, not both", field: "restaurantId")
}
