/// The refusals pocket lists share across backends, each a clear 4xx.
enum ListErrors {
  static let tooManyLists = AppError(
    .conflict, "you have \(ListLimits.lists) lists, the most one can keep: delete one first")
  static let tooManyEntries = AppError(
    .conflict, "this list holds \(ListLimits.entries) entries, the most a list can")
  static let nameTaken = AppError(.conflict, "you have a list with this name", field: "name")
  static let wantToTryIsFixed = AppError(
    .conflict, "“\(ListLimits.wantToTry)” cannot be renamed or deleted")
  static let afterItself = AppError.badRequest(
    "an entry cannot go after itself", field: "after")
}
