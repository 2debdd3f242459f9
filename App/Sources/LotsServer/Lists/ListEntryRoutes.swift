import Foundation
import Hummingbird
import LotsCore

/// A list's entries: save a post or restaurant (`POST /api/lists/{id}/entries`), change a
/// note, remove, move. Only the list's owner; anyone else gets 404.
struct ListEntryRoutes {
  let services: AppServices

  /// The longest note, in characters.
  static let maximumNote = 500

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.post("lists/:id/entries") { request, context -> EditedResponse<ListEntry> in
      let user = try context.requireUser()
      let listID = try ListRoutes.id(context, "id")
      var request = request
      let body = try await request.decodeStrictly(
        SaveRequest.self, within: services.configuration.requestBodyTimeout)
      let target: SaveTarget
      switch (body.postID, body.restaurantID) {
      case (let id?, nil): target = .post(id)
      case (nil, let id?): target = .restaurant(id)
      default: throw AppError.badRequest("give postId or restaurantId, one of them")
      }
      let note = try Self.note(body.note ?? "")
      let (entry, created) = try await services.storage.save(
        target, note: note, listID: listID, ownerID: user.id, now: Date())
      return EditedResponse(status: created ? .created : .ok, response: entry)
    }
    router.patch("lists/:id/entries/:entry") { request, context -> ListEntry in
      let user = try context.requireUser()
      let (listID, entryID) = try ids(context)
      var request = request
      let body = try await request.decodeStrictly(
        NoteRequest.self, within: services.configuration.requestBodyTimeout)
      return try await services.storage.setNote(
        try Self.note(body.note), entryID: entryID, listID: listID, ownerID: user.id, now: Date())
    }
    router.delete("lists/:id/entries/:entry") { _, context -> Response in
      let user = try context.requireUser()
      let (listID, entryID) = try ids(context)
      try await services.storage.removeEntry(
        entryID, listID: listID, ownerID: user.id, now: Date())
      return Response(status: .noContent)
    }
    router.put("lists/:id/entries/:entry/position") { request, context -> ListVersion in
      let user = try context.requireUser()
      let (listID, entryID) = try ids(context)
      var request = request
      let body = try await request.decodeStrictly(
        MoveRequest.self, within: services.configuration.requestBodyTimeout)
      let version = try await services.storage.move(
        entryID, after: body.after, listID: listID, ownerID: user.id, now: Date())
      return ListVersion(version: version)
    }
  }

  private func ids(_ context: AppRequestContext) throws -> (Int64, Int64) {
    (try ListRoutes.id(context, "id"), try ListRoutes.id(context, "entry"))
  }

  /// A note under the caption's rules: 0–500 characters, lines allowed.
  static func note(_ text: String) throws -> String {
    do {
      return try Validation.text(text, field: "note", length: 0...maximumNote, multiline: true)
    } catch {
      throw AppError(error)
    }
  }
}
