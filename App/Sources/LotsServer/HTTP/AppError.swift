import Foundation
import HTTPTypes
import Hummingbird
import LotsCore

/// An error that renders itself as `{"error": {"message": ...}}` with its HTTP status.
public struct AppError: Error, HTTPResponseError, CustomStringConvertible, Sendable {
  /// The status sent to the client.
  public let status: HTTPResponse.Status
  /// A message naming the problem, safe to show to the client.
  public let message: String
  /// The request field at fault, when there is one.
  public let field: String?
  /// Which value of a repeated field is at fault, from 1 (``ErrorBody/Detail/index``).
  var index: Int?
  /// Extra headers, such as `Retry-After`.
  var headers: HTTPFields = [:]

  /// Creates an error with a status and a message, naming the field at fault if there is one.
  public init(_ status: HTTPResponse.Status, _ message: String, field: String? = nil) {
    self.status = status
    self.message = message
    self.field = field
  }

  /// The message.
  public var description: String { message }

  /// Renders the error as JSON.
  public func response(from request: Request, context: some RequestContext) throws -> Response {
    Self.jsonResponse(
      status: status, message: message, field: field, index: index, headers: headers)
  }

  /// A JSON error response; never stored by a cache (an error is about one request).
  static func jsonResponse(
    status: HTTPResponse.Status, message: String, field: String? = nil, index: Int? = nil,
    headers: HTTPFields = [:]
  ) -> Response {
    var fields = headers
    fields[.contentType] = "application/json; charset=utf-8"
    if fields[.cacheControl] == nil { fields[.cacheControl] = "no-store" }
    return Response(
      status: status, headers: fields,
      body: .init(byteBuffer: jsonBody(message, field: field, index: index)))
  }

  /// The body of every error: `{"error": {"message": ..., "field": ...}}`.
  static func jsonBody(_ message: String, field: String? = nil, index: Int? = nil) -> ByteBuffer {
    let data =
      (try? JSONCoding.encoder().encode(
        ErrorBody(message: message, field: field, index: index)))
    return ByteBuffer(bytes: data ?? Data())
  }
}

extension AppError {
  static func badRequest(_ message: String, field: String? = nil) -> AppError {
    AppError(.badRequest, message, field: field)
  }
  static func notFound(_ what: String) -> AppError { AppError(.notFound, "\(what) not found") }
  static let unauthorized = AppError(.unauthorized, "a valid session token is required")
  static func forbidden(_ message: String) -> AppError { AppError(.forbidden, message) }
  static func conflict(_ message: String) -> AppError { AppError(.conflict, message) }
  /// 409 for a user name an account has, or one that looks like it (``UsernameSkeleton``).
  static func usernameTaken(_ username: String) -> AppError {
    AppError(
      .conflict, "username '\(username)' is already taken (or looks like a name that is)",
      field: "username")
  }
  /// 507: the disk is full; the request changed nothing and may be retried later.
  static let insufficientStorage = AppError(
    .init(code: 507, reasonPhrase: "Insufficient Storage"),
    "the server is out of disk space: try again later")

  /// 503: the database cannot be reached now; the request changed nothing (or what it began
  /// was rolled back) and may be retried.
  static var databaseUnavailable: AppError {
    var error = AppError(.serviceUnavailable, "the database cannot be reached: try again soon")
    error.headers[.retryAfter] = "2"
    return error
  }

  /// The same error about value `index` (from 1) of the `count` values of a repeated field
  /// (nil while the count is not known yet): the message starts "Photo 2 of 3: " or "Photo 2: ".
  func about(_ index: Int, of count: Int?, _ noun: String) -> AppError {
    let which = count.map { "\(noun) \(index) of \($0)" } ?? "\(noun) \(index)"
    var error = AppError(status, "\(which): \(message)", field: field ?? noun.lowercased())
    error.index = index
    error.headers = headers
    return error
  }

  /// A 400 for input that broke a validation rule.
  init(_ error: ValidationError) {
    self.init(.badRequest, error.message, field: error.field)
  }
}
