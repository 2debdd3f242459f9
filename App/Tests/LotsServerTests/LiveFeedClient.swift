import CollectionDiff
import Foundation
import LiveCollection
import LotsCore

/// A post in a client's live list, newest first, as the main feed orders it.
struct FeedItem: LiveItem, Hashable {
  var post: Post

  var diffIdentifier: Int64 { post.id }
  var sortKey: FeedKey { FeedKey(post) }
  var author: Int64 { post.author.id }
}

/// The main feed's order: newer first, then the higher id.
struct FeedKey: Comparable, Hashable {
  let millis: Int64
  let id: Int64

  init(_ post: Post) {
    millis = Int64((post.createdAt.timeIntervalSince1970 * 1000).rounded())
    id = post.id
  }

  static func < (a: FeedKey, b: FeedKey) -> Bool {
    a.millis != b.millis ? a.millis > b.millis : a.id > b.id
  }
}

/// A client of the real server that shows the main feed as a ``LiveList``: pages from the API,
/// events from the stream, each turned into the list's events exactly as the contract says.
struct LiveFeedClient {
  let api: LiveClient
  let sse: RawHTTPClient
  let session: Session
  var list = LiveList<FeedItem>()
  /// The page token to ask for the page after a key.
  var tokens: [FeedKey: String] = [:]
  /// What the viewer is known to like, from pages and the viewer's own like events.
  var liked: [Int64: Bool] = [:]
  /// How often the list asked to reload.
  var resyncs = 0
  var failures: [String] = []

  var bearer: [String: String] { ["Authorization": "Bearer \(session.token)"] }

  /// A page of the feed after `token`, read now.
  func page(after token: String?, limit: Int) async throws -> FeedPage {
    var uri = "/api/feed?limit=\(limit)"
    if let token { uri += "&cursor=\(token)" }
    let response = try await api.send(.get, uri, token: session.token)
    return try JSONCoding.decoder().decode(FeedPage.self, from: Data(buffer: response.body!))
  }

  /// Loads the first page, or the next one.
  mutating func loadPage(limit: Int) async throws {
    guard list.lastSequence == nil || (!list.isComplete && !list.needsResync) else { return }
    let after = list.lastSequence == nil ? nil : list.nextCursor
    let page = try await page(after: after.flatMap { tokens[$0] }, limit: limit)
    let (items, next) = remember(page)
    check("page") {
      $0.applyPage(items, after: after, nextCursor: next, snapshotSequence: Int(page.sequence))
    }
  }

  /// Reloads the first page after the list asked to.
  mutating func resync(limit: Int) async throws {
    resyncs += 1
    let page = try await page(after: nil, limit: limit)
    let (items, next) = remember(page)
    check("resync") {
      $0.resync(firstPage: items, nextCursor: next, snapshotSequence: Int(page.sequence))
    }
  }

  private mutating func remember(_ page: FeedPage) -> ([FeedItem], FeedKey?) {
    let items = page.items.map(FeedItem.init)
    for item in items { liked[item.post.id] = item.post.likedByMe }
    let next = page.nextCursor.flatMap { token in items.last.map { ($0.sortKey, token) } }
    if let (key, token) = next { tokens[key] = token }
    return (items, next?.0)
  }

  /// Opens the stream after the last applied event, runs `action` once connected, and applies
  /// what arrives until `until` holds; then the connection is cut.
  mutating func stream(
    during action: @escaping @Sendable () async throws -> Void,
    until: @escaping @Sendable ([ChangeEvent]) -> Bool
  ) async throws {
    guard let last = list.lastSequence, !list.needsResync else { return }
    let raw = try await sse.events(
      "/api/stream?since=\(last)", headers: bearer, during: action
    ) { events in until(events.compactMap { try? Self.decode($0) }) }
    for event in raw {
      apply(try Self.decode(event))
      if list.needsResync { return }
    }
  }

  static func decode(_ event: RawHTTPClient.Event) throws -> ChangeEvent {
    try JSONCoding.decoder().decode(ChangeEvent.self, from: Data(event.data.utf8))
  }

  /// Turns one stream event into the list's event, as a client of the contract must.
  mutating func apply(_ event: ChangeEvent) {
    let (sequence, previous) = (Int(event.seq), Int(event.previous))
    let change: LiveEvent<FeedItem>.Change
    switch event.kind {
    case .insert: change = .insert(FeedItem(post: event.post!))
    // A comment added or deleted changes its post's count: the post is redrawn as for a like.
    case .update, .comment, .uncomment:
      var post = event.post!
      if let mine = event.likedByMe { liked[post.id] = mine }
      post.likedByMe = liked[post.id] ?? false
      change = .update(FeedItem(post: post))
    case .delete, .hide: change = .delete(event.postID!)
    case .block: change = .hideAuthor(event.authorID!)
    case .unblock: change = .showAuthor(event.authorID!)
    case .reset: change = .reset
    // Not a feed's: a delete of no post keeps the sequence chain.
    case .list, .notification, .printOrder, .printQueue: change = .delete(0)
    }
    check("\(event.kind) \(sequence)") {
      $0.apply(LiveEvent(change, sequence: sequence, previous: previous))
    }
  }

  /// Applies one step and checks that its changeset turns the old items into the new.
  mutating func check(_ name: String, _ body: (inout LiveList<FeedItem>) -> Changeset<Int>) {
    let before = list.items
    let changeset = body(&list)
    var replayed = before
    for index in changeset.deletes.sorted(by: >) { replayed.remove(at: index) }
    let survivors = replayed.map(\.diffIdentifier)
    let expected = list.items.map(\.diffIdentifier).filter { survivors.contains($0) }
    if Set(survivors) != Set(expected)
      || survivors.count + changeset.inserts.count
        != list.items.count
    {
      failures.append("\(name): changeset \(changeset) does not turn \(before) into the list")
    }
  }
}
