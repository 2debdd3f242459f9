import GRDB
import Hummingbird
import Logging
import LotsCore

/// Turns every error into a JSON error body; a full disk becomes 507; unexpected errors become
/// a 500 that leaks nothing.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  )
    async throws -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as AppError {
      return try error.response(from: request, context: context)
    } catch let error as ValidationError {
      return AppError(error).jsonResponse()
    } catch let error as HTTPError {
      return AppError(error.status, Self.message(for: error)).jsonResponse()
    } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
      // The disk (or the database's quota) is full: the transaction rolled back whole, reads
      // go on, and writes succeed again once there is space.
      context.logger.error("database full: \(error.message ?? "")")
      return AppError.insufficientStorage.jsonResponse()
    } catch is CancellationError where Task.isCancelled {
      // The client went away: no one reads an answer.
      throw CancellationError()
    } catch is CancellationError {
      // Something inside gave up on its own (seen under heavy load on PostgreSQL, as an empty
      // 500): said in the log with its route, and answered as any unexpected error.
      context.logger.error(
        "a cancellation the request did not ask for: \(request.method) \(request.uri.path)")
      return AppError(.internalServerError, "internal error").jsonResponse()
    } catch {
      context.logger.error("unexpected error: \(String(reflecting: error))")
      return AppError(.internalServerError, "internal error").jsonResponse()
    }
  }

  static func message(for error: HTTPError) -> String {
    switch error.status {
    case .notFound: "no such endpoint"
    case .contentTooLarge: "request body is too large"
    case .methodNotAllowed: "method not allowed"
    default: error.body ?? error.status.reasonPhrase
    }
  }
}

extension AppError {
  func jsonResponse() -> Response {
    Self.jsonResponse(
      status: status, message: message, field: field, index: index, headers: headers)
  }
}
