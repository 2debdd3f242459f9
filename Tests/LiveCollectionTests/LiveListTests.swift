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
        let before = server.sequence
        for _ in 0..<Int.random(in: 0...2, using: &rng) { server.mutate(&rng) }
        if client.connected { client.stream += server.events(after: before) }
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
}
