import Hummingbird

/// Why a file sent to print is refused, said beside the file before anything is charged.
enum PrintFileError {
  static let encrypted = AppError(
    .unprocessableContent, "this PDF is password-protected: save a copy without a password",
    field: "file")
  static let damaged = AppError(
    .unprocessableContent, "this PDF is damaged and cannot be printed as it is", field: "file")
  static let noPages = AppError(
    .unprocessableContent, "this PDF has no pages", field: "file")
  static let tooCostly = AppError(
    .unprocessableContent, "this PDF is too complex to count its pages", field: "file")
  static let counterUnavailable = AppError(
    .serviceUnavailable, "PDF page counting is unavailable on this server; send images")
}
