import Foundation
import HTTPTypes
import HummingbirdTesting
import LotsCore

@testable import LotsServer

extension OpenAPIConformanceTests {
  /// How many responses ``checkLists(_:ana:bruno:post:_:)`` checks.
  static let listChecks = 20

  /// The pocket lists' and search's routes, successes and errors, each checked by `check`.
  func checkLists(
    _ client: some TestClientProtocol, ana: String, bruno: String, post: Post,
    _ check: (String, TestResponse, HTTPRequest.Method) throws -> Void
  ) async throws {
    try check("/api/me/lists", try await client.send(.get, "/api/me/lists", token: ana), .get)
    for query in ["q=pho", "q=\(String(repeating: "a", count: 201))"] {
      try check("/api/search", try await client.send(.get, "/api/search?\(query)"), .get)
      try check(
        "/api/search/posts", try await client.send(.get, "/api/search/posts?\(query)"), .get)
    }
    let made = try await client.send(
      .post, "/api/me/lists", json: #"{"name":"Later"}"#, token: ana)
    try check("/api/me/lists", made, .post)
    try check(
      "/api/me/lists",
      try await client.send(.post, "/api/me/lists", json: #"{"name":"later"}"#, token: ana),
      .post)
    let list = try made.decode(PocketList.self)
    let path = "/api/lists/\(list.id)"
    let saved = try await client.send(
      .post, path + "/entries", json: #"{"postId":\#(post.id),"note":"n"}"#, token: ana)
    try check("/api/lists/{id}/entries", saved, .post)
    try check(
      "/api/lists/{id}/entries",
      try await client.send(.post, path + "/entries", json: "{}", token: ana), .post)
    let entry = try saved.decode(ListEntry.self)
    try check(
      "/api/lists/{id}/entries/{entry}",
      try await client.send(
        .patch, "\(path)/entries/\(entry.id)", json: #"{"note":"m"}"#, token: ana), .patch)
    try check(
      "/api/lists/{id}/entries/{entry}/position",
      try await client.send(
        .put, "\(path)/entries/\(entry.id)/position", json: #"{"after":null}"#, token: ana),
      .put)
    try check("/api/lists/{id}", try await client.send(.get, path, token: ana), .get)
    try check("/api/lists/{id}", try await client.send(.get, path, token: bruno), .get)
    try check(
      "/api/lists/{id}",
      try await client.send(.patch, path, json: #"{"name":"Soon"}"#, token: ana), .patch)
    let shared = try await client.send(.put, path + "/share", token: ana)
    try check("/api/lists/{id}/share", shared, .put)
    let token = try shared.decode(PocketList.self).shareToken ?? ""
    try check("/api/shared/{token}", try await client.send(.get, "/api/shared/\(token)"), .get)
    try check("/api/shared/{token}", try await client.send(.get, "/api/shared/nope"), .get)
    try check(
      "/api/me/saved",
      try await client.send(.get, "/api/me/saved?postId=\(post.id)", token: ana), .get)
    try check(
      "/api/lists/{id}/share", try await client.send(.delete, path + "/share", token: ana), .delete
    )
    try check(
      "/api/lists/{id}/entries/{entry}",
      try await client.send(.delete, "\(path)/entries/\(entry.id)", token: ana), .delete)
  }
}
