import Foundation
import HTTPTypes
import LotsCore
import Testing

@testable import LotsServer

@Suite(.serialized) struct StreamTests {
  static func decode(_ event: RawHTTPClient.Event) throws -> ChangeEvent {
    try JSONCoding.decoder().decode(ChangeEvent.self, from: Data(event.data.utf8))
  }

  @Test func resumeWithLastEventIDHasNoGapAndNoDuplicate() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let ana = try await api.signUp("ana")
      let page = try await api.send(.get, "/api/feed")
      let sequence = try JSONCoding.decoder().decode(FeedPage.self, from: Data(buffer: page.body!))
        .sequence
      // Given a subscriber from the page's sequence that sees two inserts, then is cut off,
      let first = try await sse.events("/api/stream?since=\(sequence)") {
        _ = try await api.post(token: ana.token)
        _ = try await api.post(token: ana.token)
      } until: {
        $0.count >= 2
      }
      let seen = try first.map(Self.decode)
      #expect(seen.map(\.kind) == [.insert, .insert])
      #expect(seen.map(\.seq) == [sequence + 1, sequence + 2])
      // when three more changes happen while it is away,
      let missed = try await api.post(token: ana.token)
      try await api.like(missed.id, token: ana.token)
      #expect(
        try await api.send(.delete, "/api/posts/\(seen[0].postID!)", token: ana.token)
          .status == .noContent)
      // then resuming from the last id yields exactly those, in order.
      let resumed = try await sse.events(
        "/api/stream", headers: ["Last-Event-ID": first.last!.id!]
      ) { $0.count >= 3 }
      let events = try resumed.map(Self.decode)
      #expect(events.map(\.seq) == [sequence + 3, sequence + 4, sequence + 5])
      #expect(events.map(\.kind) == [.insert, .update, .delete])
      #expect(events[0].post?.id == missed.id)
      #expect(events[1].likeCount == 1)
      #expect(resumed.map(\.id) == events.map { String($0.seq) })
    }
  }

  @Test func tooOldOrFutureIDsGetAReset() async throws {
    try await LiveServer.run(.with { $0.policy.retainedEvents = 3 }) { port in
      let api = LiveClient(port: port)
      let ana = try await api.signUp("ana")
      for _ in 0..<8 { _ = try await api.post(token: ana.token) }
      let sse = RawHTTPClient(port: port)
      for since in ["1", "999"] {
        let events = try await sse.events("/api/stream?since=\(since)") { !$0.isEmpty }
        let reset = try Self.decode(events[0])
        #expect(reset.kind == .reset)
        #expect(reset.seq == 8)
      }
      let recent = try await sse.events("/api/stream?since=6") { $0.count >= 2 }
      #expect(try recent.map(Self.decode).map(\.seq) == [7, 8])
      let bad = try await api.send(.get, "/api/stream?since=-4")
      #expect(bad.status == .badRequest)
    }
  }

  @Test func blockedAuthorsAreFilteredAndLikeStormsCoalesced() async throws {
    // An interval no run outlasts: which likes are held then depends on their order alone,
    // not on how fast a busy machine serves them.
    try await LiveServer.run(.with { $0.coalescingInterval = .seconds(3_600) }) { port in
      let api = LiveClient(port: port)
      let ana = try await api.signUp("ana")
      let bruno = try await api.signUp("bruno")
      var fans: [Session] = []
      for index in 0..<12 { fans.append(try await api.signUp("fan\(index)")) }
      _ = try await api.send(.put, "/api/users/bruno/block", token: ana.token)
      let hot = try await api.post(token: ana.token)
      let likers = fans
      let start = try await api.send(.get, "/api/feed")
      let since = try JSONCoding.decoder().decode(FeedPage.self, from: Data(buffer: start.body!))
        .sequence
      let received = try await RawHTTPClient(port: port).events(
        "/api/stream?since=\(since)", headers: ["Authorization": "Bearer \(ana.token)"]
      ) {
        _ = try await api.post(token: bruno.token)
        for fan in likers { try await api.like(hot.id, token: fan.token) }
        _ = try await api.post(token: ana.token)
      } until: { events in
        // Ana's last post comes after the likes: a held update is never passed by a later event.
        events.contains { $0.data.contains("\"likeCount\":12") && $0.data.contains("update") }
          && events.contains { $0.data.contains("\"insert\"") }
      }
      let events = try received.map(Self.decode)
      // Bruno's insert is filtered out; Ana's own insert comes through.
      let inserts = events.filter { $0.kind == .insert }
      #expect(inserts.count == 1)
      #expect(inserts.allSatisfy { $0.post?.author.username == "ana" })
      // Twelve likes arrive as at most two updates: the first the stream reads goes out at once
      // (one read may hold several likes: only its last counts), the rest are held and go out
      // as one, carrying the exact count, just before Ana's later insert.
      let updates = events.filter { $0.kind == .update }
      #expect((1...2).contains(updates.count))
      #expect(updates.last?.likeCount == 12)
      #expect(events.last?.kind == .insert)
    }
  }

  @Test func gracefulShutdownEndsOpenStreams() async throws {
    let (connected, signal) = AsyncStream<Void>.makeStream()
    let holder = Holder()
    try await LiveServer.run { port in
      // Given a stream that is open when shutdown starts,
      holder.task = Task {
        try await RawHTTPClient(port: port).events(
          "/api/stream", timeout: .seconds(20), during: { signal.yield() }, until: { _ in false })
      }
      var iterator = connected.makeAsyncIterator()
      await iterator.next()
    }
    // then the server ends it (instead of waiting forever) and the run completes.
    let events = try await holder.task?.value
    #expect(events == [])
  }

  /// A heartbeat event as the stream opens, naming the interval, and another after each
  /// interval of silence: a client that hears neither for two intervals knows the connection
  /// is dead, however quiet the feed.
  @Test func quietStreamsGetHeartbeats() async throws {
    try await LiveServer.run(.with { $0.heartbeatInterval = .milliseconds(300) }) { port in
      let started = ContinuousClock.now
      let beats = try await RawHTTPClient(port: port).events(
        "/api/stream", timeout: .seconds(300), stopAtHeartbeat: 3
      ) { _ in false }
      #expect(beats.map(\.data) == Array(repeating: #"{"interval":300}"#, count: 3))
      #expect(started.duration(to: .now) >= .milliseconds(600))
    }
  }
}

/// Carries a task out of a `@Sendable` closure.
final class Holder: @unchecked Sendable {
  var task: Task<[RawHTTPClient.Event], any Error>?
}
