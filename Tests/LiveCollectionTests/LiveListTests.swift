import LiveCollection
import PropertyTesting
import Testing

@Suite struct LiveListTests {
  /// Thousands of seeded runs of a server and a flaky client; after the run settles, the
  /// client's list is exactly the server's truth, and every step's changeset was valid.
  @Test func flakyStreamConvergesToServerTruth() {
    let failure = PropertyCases.firstFailure(2_000, base: 1) { rng, _ in
      var server = SimulatedServer(initialPosts: rng.count(in: 0...30), &rng)
      var client = SimulatedClient()
      for now in 0..<Int.random(in: 0...120, using: &rng) {
        for _ in 0..<Int.random(in: 0...2, using: &rng) { server.mutate(&rng) }
        client.pull(server)
        client.tick(now, &server, &rng)
      }
      client.settle(&server, 1_000)
      guard client.failures.isEmpty && client.list.items == server.truth else {
        return """
          \(client.failures.first ?? "final list differs")
          client \(client.list.items)
          server \(server.truth)
          """
      }
      return nil
    }
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// A stream filtered for its viewer has gaps in its sequence numbers by design (nothing about
  /// blocked authors' posts is sent); delivered reliably, it never makes the list resync.
  @Test func aFilteredStreamNeverNeedsAResync() {
    let failure = PropertyCases.firstFailure(300, base: 7) { rng, _ in
      var server = SimulatedServer(initialPosts: rng.count(in: 0...30), &rng)
      server.blocked = [0, 1]
      var client = SimulatedClient()
      let page = server.page(after: nil, limit: 50)
      client.check("page") {
        $0.applyPage(
          page.items, after: nil, nextCursor: page.next, snapshotSequence: page.snapshot)
      }
      for author in server.blocked { client.check("block list") { $0.hideAuthor(author) } }
      client.reconnect(server)
      for _ in 0..<rng.count(in: 0...120) {
        server.mutate(&rng)
        client.pull(server)
        while !client.stream.isEmpty {
          let event = client.stream.removeFirst()
          if case .reset = event.change { return nil }  // the one event that must resync
          client.check("event \(event.sequence)") { $0.apply(event) }
        }
        if client.list.needsResync { return "resync after \(server.sequence) events" }
      }
      client.settle(&server, 1_000)
      guard client.failures.isEmpty && client.list.items == server.truth else {
        return "\(client.failures.first ?? "final list differs")"
      }
      return nil
    }
    #expect(failure == nil, "\(failure ?? "")")
  }
}
