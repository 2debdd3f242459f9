import Foundation
import Hummingbird
import LotsCore
import ServiceLifecycle

/// One SSE connection: replays from its cursor, then follows the hub, filtered for its viewer,
/// with like-count coalescing and heartbeats. Each event names the one sent before it on this
/// stream (`previous`; the resume cursor for the first), so the client can tell a gap the filter
/// made from a lost event.
struct StreamSession {
  /// The viewer's session: the stream ends with it.
  struct Credential {
    /// The hash of the session's token.
    var tokenHash: String
    var expiresAt: Date
  }

  let services: AppServices
  let viewerID: Int64?
  let credential: Credential?
  private var sessionVersion: Int
  var cursor: Int64
  var resetFirst: Bool
  /// The id of the last event sent, or the cursor the stream started from.
  private var lastSent: Int64

  private var blocked: Set<Int64> = []
  /// The print store the viewer works for, read once as the stream starts (`printQueue`).
  private var staffOf: Int64?
  private var blockVersion = -1
  private var lastWrite = ContinuousClock.now
  private var coalescer: UpdateCoalescer

  init(
    services: AppServices, viewerID: Int64?, credential: Credential? = nil, cursor: Int64,
    resetFirst: Bool
  ) {
    self.services = services
    self.viewerID = viewerID
    self.credential = credential
    // Checked once against the store as the stream starts: a sign-out between the request's
    // session check and the subscription cannot leave the stream open.
    self.sessionVersion = -1
    self.cursor = cursor
    self.lastSent = cursor
    self.resetFirst = resetFirst
    self.coalescer = UpdateCoalescer(interval: services.configuration.coalescingInterval)
  }

  /// Runs until the client goes away (the task is cancelled) or the server shuts down; woken
  /// by the hub's loads and by its clock (``StreamClock``), never by a timer of its own.
  mutating func run(_ subscription: Subscription, writer: inout any ResponseBodyWriter)
    async throws
  {
    let hub = services.hub
    defer { hub.unsubscribe(subscription.id) }
    try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n" + heartbeat))
    guard try await sessionGoesOn() else { return }
    if let viewerID { staffOf = try await services.storage.staffStoreID(accountID: viewerID) }
    if resetFirst { try await sendReset(latest: hub.lastLoaded, &writer) }
    // The server drains connections before later services hear of the shutdown, so a stream
    // must end on its own when graceful shutdown starts.
    try await withGracefulShutdownHandler {
      try await pump(&writer)
      for await _ in subscription.wakeups {
        try Task.checkCancellation()
        guard try await sessionGoesOn() else { return }
        try await pump(&writer)
      }
    } onGracefulShutdown: {
      subscription.continuation.finish()
    }
  }

  /// Sends whatever is due: new entries, held updates, a heartbeat.
  mutating func pump(_ writer: inout any ResponseBodyWriter) async throws {
    try await refreshBlocks()
    let hub = services.hub
    while true {
      switch hub.replay(after: cursor) {
      case .reset(let latest):
        try await sendReset(latest: latest, &writer)
      case .entries(let batch):
        guard let last = batch.last else { break }
        var visible: [ChangeEntry] = []
        for entry in batch where entry.concerns(viewerID, blocking: blocked, staffOf: staffOf) {
          visible.append(entry)
          // The viewer's own block applies to the rest of this batch at once.
          if entry.kind == .block { blocked.insert(entry.authorID) }
          if entry.kind == .unblock { blocked.remove(entry.authorID) }
        }
        let viewer = viewerID
        let admitted = coalescer.admit(visible, now: .now) { $0.actorID == viewer }
        for entry in admitted {
          try await send(entry, &writer)
        }
        cursor = last.seq
        continue
      }
      break
    }
    for entry in coalescer.due(now: .now) {
      try await send(entry, &writer)
    }
    if lastWrite.duration(to: .now) >= services.configuration.heartbeatInterval {
      try await write(heartbeat, &writer)
    }
  }

  /// A heartbeat: a named event, `heartbeat`, which EventSource hands to page script (a
  /// comment it never does), carrying the interval in milliseconds, so that a client can tell
  /// a silent connection (nothing for two intervals: a half-open socket, a proxy that stopped
  /// forwarding) from a quiet one. Sent as the stream opens and after each interval without a
  /// write; it has no id, so a resume point stays the last change's.
  var heartbeat: String {
    let interval = services.configuration.heartbeatInterval.components
    let milliseconds = interval.seconds * 1_000 + interval.attoseconds / 1_000_000_000_000_000
    return "event: heartbeat\ndata: {\"interval\":\(milliseconds)}\n\n"
  }

  /// Whether the viewer's session still holds: it has not expired and, after sessions may
  /// have ended unheard (``SessionEnd/unheard``), the store still has it.
  /// Sessions ended where this instance hears of it end the stream through the hub.
  mutating func sessionGoesOn() async throws -> Bool {
    guard let credential else { return true }
    guard credential.expiresAt > Date() else { return false }
    let version = services.hub.sessionVersion
    guard version != sessionVersion else { return true }
    sessionVersion = version
    return try await services.storage.sessionUser(tokenHash: credential.tokenHash, now: Date())
      != nil
  }

  mutating func refreshBlocks() async throws {
    guard let viewerID else { return }
    let version = services.hub.blockVersion
    guard version != blockVersion else { return }
    blocked = try await services.storage.blockedIDs(of: viewerID)
    blockVersion = version
  }

  mutating func sendReset(latest: Int64, _ writer: inout any ResponseBodyWriter) async throws {
    coalescer.reset()
    services.metrics.reset()
    cursor = latest
    try await send(ChangeEvent(seq: latest, previous: lastSent, kind: .reset), id: latest, &writer)
  }

  /// Sends an event (a reset) with its sequence `id` as its SSE id; ids only increase on a
  /// stream (see ``UpdateCoalescer``).
  mutating func send(_ event: ChangeEvent, id: Int64, _ writer: inout any ResponseBodyWriter)
    async throws
  {
    assert(id > lastSent || event.kind == .reset, "a stream's ids only increase")
    let data = try JSONCoding.encoder().encode(event)
    try await write("id: \(id)\ndata: \(String(decoding: data, as: UTF8.self))\n\n", &writer)
    lastSent = id
    services.metrics.sent()
  }

  /// Sends an entry's event as this viewer gets it, its sequence as the SSE id.
  mutating func send(_ entry: ChangeEntry, _ writer: inout any ResponseBodyWriter) async throws {
    assert(entry.seq > lastSent, "a stream's ids only increase")
    var json = JSONWriter(capacity: 1_024)
    json.raw("id: ")
    json.integer(entry.seq)
    json.raw("\ndata: ")
    json.write(entry, for: viewerID, previous: lastSent, blocked: blocked)
    json.raw("\n\n")
    try await writer.write(json.buffer)
    lastWrite = .now
    lastSent = entry.seq
    services.metrics.sent()
  }

  mutating func write(_ text: String, _ writer: inout any ResponseBodyWriter) async throws {
    try await writer.write(ByteBuffer(string: text))
    lastWrite = .now
  }
}
