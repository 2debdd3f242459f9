import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import LotsCore
import NIOPosix

/// `DELETE /api/me` (delete my account, with its password) and `/api/me/export` (download my
/// data: an archive built in the background, for its owner only, for a day).
struct LeavingRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.delete("me") { request, context -> Response in
      try await deleteAccount(request, context)
      return AccountRoutes.signedOut(request)
    }
    router.post("me/export") { _, context -> EditedResponse<DataExportStatus> in
      let user = try context.requireUser()
      let (export, begun) = try await services.storage.beginDataExport(
        userID: user.id, now: Date(), reuseWithin: DataExportRules.reuseWithin)
      if begun { DataArchive.buildInBackground(for: user, services: services) }
      return EditedResponse(
        status: export.state == .ready ? .ok : .accepted, response: export.status)
    }
    // No archive is not an error (a 404 would be one in every browser's console): 204.
    router.get("me/export") { request, context -> Response in
      let user = try context.requireUser()
      guard let export = try await services.storage.dataExport(userID: user.id),
        export.state != .ready || export.isAvailable(at: Date())
      else { return Response(status: .noContent) }
      return try export.status.response(from: request, context: context)
    }
    router.get("me/export/archive") { request, context -> Response in
      let user = try context.requireUser()
      guard let export = try await services.storage.dataExport(userID: user.id),
        export.isAvailable(at: Date()), let file = export.file,
        let url = DataArchive.url(of: file, in: services.configuration.dataDirectory)
      else { throw AppError.notFound("data archive") }
      return try await DataArchive.response(url, for: user, request: request, context: context)
    }
  }

  /// Deletes the signed-in account, given its password: its rows in one transaction, then its
  /// files, and every session and stream of it on every instance.
  /// - Throws: ``AppError`` 400 (no password), 403 (a wrong one; counted by the sign-in
  ///   limiter, whose 429 comes first), 503 when the password work is full.
  func deleteAccount(_ request: Request, _ context: AppRequestContext) async throws {
    let user = try context.requireUser()
    var request = request
    let body = try await request.decodeStrictly(
      AccountDeletionRequest.self, within: services.configuration.requestBodyTimeout)
    let (account, nameKey) = try await AccountRoutes(services: services).passwordHolder(
      user, password: body.password, field: "password", request, context)
    let work = services.passwordWork
    let valid = try await work.admitting {
      try await work.run { Bcrypt.verify(body.password, hash: account.passwordHash) }
    }
    guard valid else {
      _ = services.signInLimiter.take(nameKey)
      throw AppError(.forbidden, "the password is incorrect", field: "password")
    }
    let left = try await services.storage.deleteAccount(userID: user.id, now: Date())
    services.sessionsEnded(.user(user.id))
    try await services.imageLedger.withLock {
      try await PostRoutes.removeUnreferenced(left.imageKeys, services: services)
    }
    for file in left.printFiles { services.printFiles.remove(file) }
    if let file = left.exportFile {
      DataArchive.remove(file, in: services.configuration.dataDirectory)
    }
  }
}

extension DataExportStatus: ResponseEncodable {}
