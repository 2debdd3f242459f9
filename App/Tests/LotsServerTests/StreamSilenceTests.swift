import Foundation
import LiveCollection
import LotsCore
import Synchronization
import Testing

@testable import LotsServer

/// A Swift client of the stream notices a connection that went silent without closing (a
/// relay that stops forwarding), within two heartbeats, and resumes with nothing lost.
@Suite struct StreamSilenceTests {
  @Test func aSilentConnectionIsNoticedAndTheStreamResumesWithoutLoss() async throws {
    try await LiveServer.run(.with { $0.heartbeatInterval = .seconds(1) }) { port in
      let relay = try StallingRelay(to: port)
      defer { relay.close() }
      let api = LiveClient(port: port)
      let ana = try await api.signUp("ana")
      var client = LiveFeedClient(api: api, sse: RawHTTPClient(port: port), session: ana)
      try await client.loadPage(limit: 20)
      let since = try #require(client.list.lastSequence)
      let heartbeats = Atomic(0)
      let stream = WatchedStream(port: relay.port, headers: client.bearer)
      let following = Task {
        await stream.follow(since: since, heard: { heartbeats.add(1, ordering: .relaxed) }) {
          $0.contains { $0.data.contains(#""kind":"insert""#) }
        }
      }
      // Connected and heard: now the relay goes silent, and a post is made meanwhile.
      while heartbeats.load(ordering: .relaxed) == 0 {
        try await Task.sleep(for: .milliseconds(10))
      }
      relay.stallAll()
      let post = try await api.post(token: ana.token, caption: "made while no one heard")
      let run = await following.value
      // Noticed (again, if a busy machine delays a heartbeat past two intervals after the
      // resume: a client cannot tell that from silence), and resumed with nothing lost.
      #expect(run.silences >= 1, "the silence was noticed")
      for event in run.events { client.apply(try LiveFeedClient.decode(event)) }
      #expect(client.failures.isEmpty, "\(client.failures)")
      #expect(!client.list.needsResync)
      #expect(client.list.items.contains { $0.post.id == post.id })
    }
  }
}
